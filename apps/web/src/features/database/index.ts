export { DatabaseEntityList, DatabaseWorkspace, visibleEntityNames } from './components/database-panel';
