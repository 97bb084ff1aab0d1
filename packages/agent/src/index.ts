export type { AppSnapshot, AppManifest } from './snapshot';
export {
  ACTION_TYPES,
  DEFAULT_GROUP_TITLE,
  ENTITY_ACTION_TYPES,
  DETECTORS,
  applyActions,
  applySearchReplace,
  createActionStream,
  hasErrors,
  parseActionText,
  parseLenientJson,
  parseSearchReplace,
  type ActionPermissions,
  type ActionStream,
  type ActionType,
  type ApplyResult,
  type DetectorId,
  type GroupSegment,
  type ParsedAction,
  type ParsedMessage,
  type SearchReplaceBlock,
  type SeedRecords,
  type TextSegment,
  type ValidationIssue,
} from './protocol';
export { validateSnapshot, repairSnapshot, warmUpValidator, formatIssue, checkPath, pageNameOf, type RepairResult, type RepairedFile } from './validate';
export { buildSystemPrompt, type SystemPromptInput } from './prompts';
export {
  createOfflineAppBuilderModel,
  planAppBuilderTurn,
  type AppBuilderTurn,
  type AppBuilderTurnInput,
  type ConversationMessage,
  type OfflineAppBuilderModelOptions,
} from './offline';
