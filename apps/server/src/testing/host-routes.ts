import { appHostRoutes as appHostRouter, type AppHostRoutesDeps } from '../modules/app-host';
import { appChatHostRoutes, type AppChatHostDeps } from '../modules/app-chat';
import { toolRunHostRoutes, type ToolRunsHostDeps } from '../modules/tool-runs';

/**
 * The app host's route table with the host routes the tool run API and the app chat add through it,
 * as app.ts builds it: for the suites that list and try every route (no handler reads these deps
 * until a request comes, so a table-only caller may pass just `publicUrl`).
 */
export function appHostRoutes(deps: Omit<AppHostRoutesDeps, 'hostRoutes'>) {
  return appHostRouter({
    ...deps,
    hostRoutes: [toolRunHostRoutes({} as ToolRunsHostDeps), appChatHostRoutes({} as AppChatHostDeps)],
  });
}
