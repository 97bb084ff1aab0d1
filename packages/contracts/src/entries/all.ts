import * as accounts from './accounts';
import * as analytics from './analytics';
import * as api from './api';
import * as appChat from './app-chat';
import * as appExport from './app-export';
import * as appUsers from './app-users';
import * as apps from './apps';
import * as auth from './auth';
import * as chat from './chat';
import * as code from './code';
import * as context from './context';
import * as credits from './credits';
import * as domains from './domains';
import * as entities from './entities';
import * as memberships from './memberships';
import * as plans from './plans';
import * as runtime from './runtime';
import * as templates from './templates';
import * as toolPage from './tool-page';
import * as toolRuns from './tool-runs';
import * as tools from './tools';
import * as core from '../index';

/**
 * Every export of every entry, by name in name order: the server's OpenAPI document names its schema
 * components after them, and the fuzzer draws request bodies from them.
 */
export const CONTRACT_EXPORTS: ReadonlyArray<readonly [string, unknown]> = Object.entries({
  ...core,
  ...accounts,
  ...analytics,
  ...api,
  ...appChat,
  ...appExport,
  ...appUsers,
  ...apps,
  ...auth,
  ...chat,
  ...code,
  ...context,
  ...credits,
  ...domains,
  ...entities,
  ...memberships,
  ...plans,
  ...runtime,
  ...templates,
  ...toolPage,
  ...toolRuns,
  ...tools,
}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
