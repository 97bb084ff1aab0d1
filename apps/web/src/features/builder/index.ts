export { BuilderPage } from './routes/builder-page';
export { menuEntries, type MenuEntry, type MenuEntryId } from './lib/menus';
export { PanelHeader } from './components/side-panel';
export { useMediaQuery } from './hooks/use-media-query';
