/** @tessera/contracts/tool-page: A live tool's public page and its boot data. */
export {
  TOOL_PAGE_PREFIX,
  TOOL_PAGE_MESSAGES,
  TOOL_PREVIEW_PATH,
  toolPagePath,
  type ToolPageBoot,
  type ToolPageField,
  type ToolPageFieldType,
  type ToolPageTexts,
  type ToolPreviewBoot,
  type ToolPreviewToFrame,
  type ToolPreviewToParent,
} from '../tool-page';
export { toolPageBootOf, type ToolPageBootSource } from '../tool-page-boot';
