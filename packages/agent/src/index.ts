export type { AppSnapshot, AppManifest } from './snapshot';
export {
  ACTION_TYPES,
  DEFAULT_GROUP_TITLE,
  ENTITY_ACTION_TYPES,
  createActionStream,
  parseActionText,
  parseLenientJson,
  type ActionPermissions,
  type ActionStream,
  type ActionType,
  type GroupSegment,
  type ParsedAction,
  type ParsedMessage,
  type TextSegment,
} from './protocol';
