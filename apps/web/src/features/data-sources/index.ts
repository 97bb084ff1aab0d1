export { DataSourcesDialog, type DataSourcesDialogProps } from './components/data-sources-dialog';
export { DataSourcesMenuEntry } from './components/data-sources-menu-entry';
export { UpgradePrompt, type UpgradePromptProps } from './components/upgrade-prompt';
export { useContextItems } from './api/context';
export { StatusBadge } from './components/status-badge';
