export { DatabaseEntityList, DatabaseWorkspace, visibleEntityNames } from './components/database-panel';
export { toCsv } from './lib/csv-export';
