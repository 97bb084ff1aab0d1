export {
  writeGroundedAnswer,
  type GroundedAnswer,
  type GroundedAnswerInput,
  type GroundingChunk,
  type Quote,
} from './grounded-answer';
export { fillJsonSchema } from './json-fill';
export { createOfflineAnswerModel, OFFLINE_ANSWER_MODEL_ID } from './answer-model';
export { extractWithSchema } from './extract';
