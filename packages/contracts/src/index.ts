/**
 * @tessera/contracts: what every side shares, the messages users see and the closed table of error codes.
 * Domain contracts are subpaths (`@tessera/contracts/tools`, …): see README.md.
 */
export { MESSAGES, APP_MESSAGES } from './messages';
export { describeIssue, humaniseFieldName, FIELD_LABELS } from './issue-text';
export { ERROR_STATUS, ERROR_CODES, ErrorBodySchema, type ErrorCode, type ErrorBody } from './errors';
