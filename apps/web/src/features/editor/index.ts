export { ChatPanel, type ChatPanelProps } from './components/chat-panel';
export {
  PreviewPane,
  VIEWPORTS,
  REFRESH_INDICATOR_MS,
  type PreviewPaneProps,
  type Viewport,
} from './components/preview-pane';
export { ErrorPanel, type ErrorPanelProps } from './components/error-panel';
export { VersionsMenu, OlderVersionDialog, versionLabel } from './components/versions-menu';
export { DiffDialog } from './components/diff-dialog';
export { useEditorChat, type EditorChat, type EditorChatStatus } from './hooks/use-editor-chat';
export { useChatHistory, useChatModels, useVersions, restoreVersion, editorKeys } from './api/editor';
export { buildFixErrorsPrompt, type EditorMessage } from './lib/chat-messages';
export { INITIAL_ERROR_PANEL, errorPanelReducer, visibleErrors } from './lib/error-panel';
export { readSidebarOpen, sidebarCookie, SIDEBAR_COOKIE_MAX_AGE_S } from './lib/sidebar-cookie';
