/** The kinds of action the assistant may write (docs/generated-apps.md "Action protocol"). */
export type ActionType =
  | 'add_file'
  | 'edit_file'
  | 'delete_file'
  | 'add_entity'
  | 'edit_entity'
  | 'import_entities'
  | 'insert_entity_records'
  | 'unknown';

/** Every known action type, in the order the docs list them. */
export const ACTION_TYPES: ReadonlyArray<Exclude<ActionType, 'unknown'>> = [
  'add_file',
  'edit_file',
  'delete_file',
  'add_entity',
  'edit_entity',
  'import_entities',
  'insert_entity_records',
];

/** Action types whose target is an entity rather than a file. */
export const ENTITY_ACTION_TYPES: ReadonlyArray<ActionType> = [
  'add_entity',
  'edit_entity',
  'import_entities',
  'insert_entity_records',
];

/**
 * Read/write levels as written in the entity's `x-accessControl.permissions`. They are the raw
 * strings the model wrote (applying the action checks them against the access levels).
 */
export interface ActionPermissions {
  read: string;
  write: string;
}

/** One action parsed from assistant text (docs/product/editor-and-chat.md#data "Chat action"). */
export interface ParsedAction {
  /** The action's own `title` attribute, else its group's title. */
  title: string;
  type: ActionType;
  /** The file path; `entities/{Name}.json` for entity actions. */
  file: string;
  /** The entity name for entity actions (attribute, else the schema's `name`). */
  entity?: string;
  /** The body with one surrounding code fence and the tag's indentation removed. */
  content: string;
  /** The closing tag arrived (or the model clearly moved on to the next tag). */
  isComplete: boolean;
  /** The text ended before the action's closing tag: the output was too long for one iteration. */
  isTruncated: boolean;
  /** For add_entity / edit_entity: the schema's access rules, default creator/creator. */
  permissions?: ActionPermissions;
}

/** A run of prose shown as the assistant's message. */
export interface TextSegment {
  kind: 'text';
  text: string;
}

/** A titled group of actions, applied in order. */
export interface GroupSegment {
  kind: 'group';
  title: string;
  actions: ParsedAction[];
  /** Its closing tag arrived, another group began, or the text ended with every action complete. */
  isComplete: boolean;
}

/** The assistant's text split into prose and action groups, in the order written. */
export interface ParsedMessage {
  segments: Array<TextSegment | GroupSegment>;
  /** Every action of every group, in order. */
  actions: ParsedAction[];
}

/** Title of a group whose tag has no title, or of actions written outside any group. */
export const DEFAULT_GROUP_TITLE = 'Changes';
