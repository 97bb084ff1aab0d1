/** @tessera/contracts/code: An app's code files and the references between them. */
export {
  CODE_FILE_MAX_CHARS,
  CODE_AUTOSAVE_DELAY_MS,
  CODE_SAVED_INDICATOR_MS,
  CODE_REFERENCES_MAX,
  ENTITY_FILE_PREFIX,
  isEntityFilePath,
  resolveAppImport,
  UpdateCodeFileRequestSchema,
  DeleteCodeFileRequestSchema,
  CodeFileSchema,
  CodeIssueSchema,
  CodeFilesResponseSchema,
  CodeFileSaveResponseSchema,
  type UpdateCodeFileRequest,
  type DeleteCodeFileRequest,
  type CodeFile,
  type CodeIssue,
  type CodeFilesResponse,
  type CodeFileSaveResponse,
} from '../code-files';
export {
  importDeclarations,
  removeJsxElements,
  referencesToUpdate,
  type ImportDeclaration,
  type ReferenceUpdate,
} from '../code-references';
export { CODE_ROUTES } from '../api-routes-code';
