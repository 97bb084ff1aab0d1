export { DatabaseEntityList, DatabaseWorkspace, NO_ENTITIES_MESSAGE, visibleEntityNames } from './components/database-panel';
