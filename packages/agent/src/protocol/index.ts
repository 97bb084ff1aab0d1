export type { ActionType, ActionPermissions, ParsedAction, ParsedMessage, TextSegment, GroupSegment } from './types';
export { ACTION_TYPES, ENTITY_ACTION_TYPES, DEFAULT_GROUP_TITLE } from './types';
export { parseActionText, createActionStream, cleanActionBody, decodeEntities, type ActionStream } from './parse';
export { parseLenientJson, repairJson, type JsonResult } from './json';
