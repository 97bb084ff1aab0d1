// `@tessera/agent/protocol`: browser-safe (no Node imports; applyActions brings only
// @tessera/contracts, which the builder UI already loads).
export type { ActionType, ActionPermissions, ParsedAction, ParsedMessage, TextSegment, GroupSegment } from './types';
export { ACTION_TYPES, ENTITY_ACTION_TYPES, DEFAULT_GROUP_TITLE } from './types';
export { parseActionText, createActionStream, cleanActionBody, decodeEntities, type ActionStream } from './parse';
export { parseLenientJson, repairJson, type JsonResult } from './json';
export { applyActions, type ApplyResult, type SeedRecords } from './apply';
export {
  parseSearchReplace,
  applySearchReplace,
  type SearchReplaceBlock,
  type SearchReplaceParse,
} from './search-replace';
export { DETECTORS, hasErrors, type DetectorId, type ValidationIssue } from './issues';
