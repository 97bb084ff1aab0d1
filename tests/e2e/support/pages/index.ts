export { DatabasePanel } from './database-panel';
export { DevOutbox } from './dev-outbox';
export { EditorPage } from './editor-page';
export { HomePage } from './home-page';
export { LoginPage } from './login-page';
export { ToolBuilderPage } from './tool-builder-page';
