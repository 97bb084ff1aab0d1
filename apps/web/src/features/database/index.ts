export { DatabaseEntityList, DatabaseWorkspace, visibleEntityNames } from './components/database-panel';
export { uploadImage } from './api/database';
export { toCsv } from './lib/csv-export';
