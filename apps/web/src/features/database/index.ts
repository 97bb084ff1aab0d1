export { DatabaseEntityList, DatabaseWorkspace, visibleEntityNames } from './components/database-panel';
export { uploadImage } from './api/database';
