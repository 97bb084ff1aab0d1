export { ToolsPage } from './routes/tools-page';
export { ToolBuilderPage } from './routes/tool-builder-page';
export { useStartTool } from './hooks/use-start-tool';
export { BrandingPanel, type BrandingPanelProps } from './components/panels/branding-panel';
export { PanelSection } from './components/panels/panel-bits';
export { SaveQueue, TOOL_SAVE_DEBOUNCE_MS, type SaveState } from './lib/save-queue';
export { SaveIndicator } from './components/save-indicator';
export { ClaimPage } from './routes/claim-page';
export { AppToolsPanel, type AppToolsPanelProps } from './components/app-tools-panel';
