import { MESSAGES } from '@tessera/contracts';
import { USER_ENTITY, coerceRecord, parseEntitySchema, type EntitySchema } from '@tessera/contracts/entities';
import type { AppSnapshot } from '../snapshot';
import type { ValidationIssue } from './issues';
import { entitiesOf, parseLenientJson } from './json';
import { applySearchReplace, parseSearchReplace } from './search-replace';
import { ACTION_TYPES, type ParsedAction } from './types';

/** Records to seed, by entity name, already coerced against their schema. */
export type SeedRecords = Record<string, Array<Record<string, unknown>>>;

export interface ApplyResult {
  snapshot: AppSnapshot;
  records: SeedRecords;
  issues: ValidationIssue[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function firstLine(text: string): string {
  const line = text.split('\n').find((l) => l.trim() !== '') ?? '';
  const trimmed = line.trim();
  return trimmed.length > 80 ? `${trimmed.slice(0, 77)}...` : trimmed;
}

/**
 * Applies a turn's actions to a snapshot without touching it: files written, edited (SEARCH /
 * REPLACE) or deleted, entity schemas checked with `parseEntitySchema`, seed records coerced with
 * `coerceRecord`. Every action that cannot be applied exactly as written (truncated, unknown,
 * unmatched edit, invalid JSON, schema or record) becomes an issue instead; the caller makes a
 * version only when no issue is an error, so a turn is all or nothing.
 */
export function applyActions(snapshot: AppSnapshot, actions: readonly ParsedAction[]): ApplyResult {
  const files: Record<string, string> = { ...snapshot.files };
  const entities: Record<string, EntitySchema> = { ...snapshot.entities };
  const records: SeedRecords = {};
  const issues: ValidationIssue[] = [];
  const error = (
    detectorId: ValidationIssue['detectorId'],
    file: string | undefined,
    message: string,
    line?: number,
  ) => {
    const issue: ValidationIssue = { message, severity: 'error', detectorId };
    if (file) issue.file = file;
    if (line !== undefined) issue.line = line;
    issues.push(issue);
  };
  const warn = (detectorId: ValidationIssue['detectorId'], file: string | undefined, message: string) => {
    const issue: ValidationIssue = { message, severity: 'warning', detectorId };
    if (file) issue.file = file;
    issues.push(issue);
  };

  const setEntity = (name: string, raw: unknown, file: string): boolean => {
    if (name === USER_ENTITY) {
      error('entity-schema', file, `The ${USER_ENTITY} entity is built in and cannot be redefined`);
      return false;
    }
    const parsed = parseEntitySchema(name, raw);
    if (!parsed.ok) {
      error('entity-schema', file, parsed.error);
      return false;
    }
    entities[name] = parsed.value;
    return true;
  };

  for (const action of actions) {
    const label = action.file || action.entity || action.title;
    if (action.isTruncated) {
      // A warning, not an error: the turn's complete actions may still make a version, and
      // "Let's keep going" has the model repeat this one on top of it. If the rest does not
      // validate without it, validateSnapshot says so.
      warn(
        'truncated-action',
        action.file || undefined,
        `${MESSAGES.chat.truncated}: the ${action.type} action for ${label} was cut off before its closing tag, so it was not applied`,
      );
      continue;
    }
    if (!action.isComplete) {
      error(
        'truncated-action',
        action.file || undefined,
        `The ${action.type} action for ${label} is still being written; apply a turn only once its text has ended`,
      );
      continue;
    }
    switch (action.type) {
      case 'add_file': {
        if (!action.file) {
          error('path', undefined, `An add_file action ("${action.title}") has no path`);
          break;
        }
        files[action.file] =
          action.content.endsWith('\n') || action.content === '' ? action.content : `${action.content}\n`;
        break;
      }
      case 'edit_file': {
        if (!action.file) {
          error('path', undefined, `An edit_file action ("${action.title}") has no path`);
          break;
        }
        const parsed = parseSearchReplace(action.content);
        if (!parsed.ok) {
          error('edit-malformed', action.file, `The edit of ${action.file} was not applied: ${parsed.error}`);
          break;
        }
        let text = files[action.file];
        if (text === undefined) {
          // An edit whose SEARCH text is empty everywhere is how some models create a file.
          if (parsed.blocks.every((b) => b.search.trim() === '')) {
            files[action.file] = `${parsed.blocks
              .map((b) => b.replace)
              .join('\n')
              .replace(/\n*$/, '')}\n`;
          } else
            error('missing-file', action.file, `The edit of ${action.file} was not applied: the file does not exist`);
          break;
        }
        for (const block of parsed.blocks) {
          if (block.search.trim() === '') {
            error(
              'edit-malformed',
              action.file,
              `The edit of ${action.file} has a block with an empty SEARCH text; an existing file needs the text to replace`,
            );
            continue;
          }
          const next = applySearchReplace(text, block);
          if (next === null)
            error(
              'edit-no-match',
              action.file,
              `The edit of ${action.file} did not match: the SEARCH text starting "${firstLine(block.search)}" is not in the file`,
            );
          else text = next;
        }
        files[action.file] = text;
        break;
      }
      case 'delete_file': {
        if (action.file === 'app.json')
          error('missing-file', 'app.json', 'app.json cannot be deleted: it names the app and its main page');
        else if (!action.file || files[action.file] === undefined)
          warn(
            'missing-file',
            action.file || undefined,
            `${action.file || 'A file'} was already absent, nothing to delete`,
          );
        else delete files[action.file];
        break;
      }
      case 'add_entity':
      case 'edit_entity': {
        const file = action.file || undefined;
        if (!action.entity) {
          error('entity-schema', file, `The ${action.type} action ("${action.title}") names no entity`);
          break;
        }
        const json = parseLenientJson(action.content);
        if (!json.ok) {
          error('entity-json', file, `The schema of ${action.entity} is not valid JSON: ${json.error}`);
          break;
        }
        const existed = entities[action.entity] !== undefined;
        if (setEntity(action.entity, json.value, action.file) && action.type === 'edit_entity' && !existed) {
          warn('entity-schema', file, `edit_entity: ${action.entity} did not exist and was created`);
        }
        break;
      }
      case 'import_entities': {
        const json = parseLenientJson(action.content);
        if (!json.ok) {
          error('entity-json', undefined, `The import_entities block is not valid JSON: ${json.error}`);
          break;
        }
        const pairs = entitiesOf(json.value);
        if (pairs.length === 0)
          error('entity-json', undefined, 'import_entities needs a JSON object { "Name": schema, ... }');
        for (const [name, schema] of pairs) {
          if (!name) error('entity-schema', undefined, 'import_entities: an entity in the list has no "name"');
          else setEntity(name, schema, `entities/${name}.json`);
        }
        break;
      }
      case 'insert_entity_records': {
        const file = action.file || undefined;
        const name = action.entity;
        const schema = name ? entities[name] : undefined;
        if (!name || !schema) {
          error(
            'entity-records',
            file,
            name
              ? `Records for ${name} cannot be added: there is no entity ${name}`
              : 'insert_entity_records names no entity',
          );
          break;
        }
        const json = parseLenientJson(action.content);
        if (!json.ok) {
          error('entity-json', file, `The ${name} records are not valid JSON: ${json.error}`);
          break;
        }
        const value = json.value;
        const rows = Array.isArray(value)
          ? value
          : isObject(value) && Array.isArray(value.records)
            ? value.records
            : [value];
        const kept = (records[name] ??= []);
        for (const [i, row] of rows.entries()) {
          const r = coerceRecord(name, schema, row, 'create');
          if (r.ok) kept.push(r.value);
          else error('entity-records', file, `${name} record ${i + 1}: ${r.error}`);
        }
        break;
      }
      default:
        error(
          'unknown-action',
          action.file || undefined,
          `${action.title}: not an action type of the protocol (${ACTION_TYPES.join(', ')}), so it was not applied`,
        );
    }
  }
  for (const name of Object.keys(records)) if (records[name]!.length === 0) delete records[name];
  return { snapshot: { files, entities }, records, issues };
}
