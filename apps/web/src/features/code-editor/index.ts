export { CodeEditorWorkspace, type CodeEditorWorkspaceProps } from './components/code-editor-workspace';
export { canEditCode } from './lib/access';
export { codeKeys } from './api/code-files';
