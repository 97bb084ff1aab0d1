export {
  openDatabase,
  withoutStatementTimeout,
  DEFAULT_STATEMENT_TIMEOUT_MS,
  MIGRATIONS_FOLDER,
  type Database,
  type DatabaseOptions,
  type Db,
  type Schema,
} from './client';
export { DataDirLockedError, lockDataDir } from './pglite-lock';
export { countPendingMigrations } from './migrations-state';
export {
  authUsers,
  authSessions,
  authAccounts,
  authVerifications,
  accounts,
  devMails,
  rateLimits,
  apps,
  appSlugs,
  appEntities,
  entityRecords,
  appUsers,
  appSessions,
} from './schema';
export { appVersions, chatMessages, chatUsage, publishedEntities } from './schema-versions';
export { jobs, contextItems, contextItemSources, contextChunks, dataUsage } from './schema-context';
export { billingEvents, billingSubscriptions } from './schema-billing';
export { appLooks } from './schema-branding';
export { toolRuns, appUserCredits, appUserMemories } from './schema-tool-runs';
export { appUserCreditAdjustments } from './schema-credits';
export { toolBatches, toolBatchRows, toolApiKeys } from './schema-tool-batches';
export { appVisitDays, appDayVisitors } from './schema-analytics';
export { appDomains } from './schema-domains';
export { appKeys } from './schema-app-keys';
export { appMemberships, appMembershipEvents } from './schema-memberships';
export { appChats } from './schema-app-chat';
export { templateCategories } from './schema-templates';
export { installSettings } from './schema-install';
