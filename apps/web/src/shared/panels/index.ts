export { menuEntries, type MenuContext, type MenuEntry, type MenuEntryId } from './menus';
export { PanelHeader } from './panel-header';
