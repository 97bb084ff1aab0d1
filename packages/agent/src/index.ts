export type { AppSnapshot, AppManifest, AppToolBrief } from './snapshot';
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
export {
  validateSnapshot,
  repairSnapshot,
  warmUpValidator,
  formatIssue,
  checkPath,
  pageNameOf,
  type RepairResult,
  type RepairedFile,
} from './validate';
export { buildSystemPrompt, type SystemPromptInput } from './prompts';
export {
  createOfflineAppBuilderModel,
  planAppBuilderTurn,
  appNameOfDescription,
  type AppBuilderTurn,
  type AppBuilderTurnInput,
  type ConversationMessage,
  type OfflineAppBuilderModelOptions,
} from './offline';
// The offline builder's description corpus and how its pages name fields: for the browser check of every corpus app (tests/e2e).
export { CORPUS, type CorpusCase } from './offline/corpus/descriptions';
export { fieldSpecsOf, displayFieldOf, type FieldSpec } from './offline/fields';
export { pagesOf } from './offline/app-model';
export {
  writeGroundedAnswer,
  fillJsonSchema,
  extractWithSchema,
  createOfflineAnswerModel,
  OFFLINE_ANSWER_MODEL_ID,
  type GroundedAnswer,
  type GroundedAnswerInput,
  type GroundingChunk,
  type Quote,
} from './answer';
