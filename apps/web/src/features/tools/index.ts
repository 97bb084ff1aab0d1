export { ToolsPage } from './routes/tools-page';
export { ToolBuilderPage } from './routes/tool-builder-page';
export { useStartTool } from './hooks/use-start-tool';
