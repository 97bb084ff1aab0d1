// Single AI tools (docs/product/tools.md): the rules on saving a tool app, the tools collection,
// magic create, the claim invitation and claiming.
import type { SessionUser } from '@tessera/contracts/auth';
import type { SignedIn } from '../../platform/http/signed-in';
import type { Platform } from '../../platform/platform';
import { APP_SETTINGS_CHANNEL } from '../apps/apps.repo';
import { createClaimRepo } from './claim.repo';
import { createClaimService, type ClaimServiceDeps } from './claim.service';
import { createMagicCreateService } from './magic-create.service';
import { createToolsRepo } from './tools.repo';
import { toolsRoutes } from './tools.routes';
import { createToolsService, type ToolsServiceDeps } from './tools.service';

export interface ToolsModuleDeps
  extends
    Pick<ToolsServiceDeps, 'getOwned' | 'accountOf' | 'limitsOf'>,
    Pick<ClaimServiceDeps, 'findApp' | 'withoutSecrets'> {
  signedIn: SignedIn;
  /** The origin of an app's own host, where its tools are served (the app host's rule). */
  appOrigin: (slug: string) => string;
  /** Tells this process's app host an app changed hands (other processes hear the NOTIFY). */
  forgetApp: (slug: string) => void;
}

/** Builds the tools module: the service (the apps module applies its rules), its routes and the tool check others use. */
export function createToolsModule({ db, config, models, rateLimiter }: Platform, deps: ToolsModuleDeps) {
  const { getOwned, accountOf } = deps;
  const tools = createToolsService({
    toolsRepo: createToolsRepo(db),
    getOwned,
    accountOf,
    toolUrlOf: (slug, path) => `${deps.appOrigin(slug)}/tool/${encodeURIComponent(path)}`,
    publicUrl: config.publicUrl,
    secret: config.authSecret,
    limitsOf: deps.limitsOf,
  });
  const claims = createClaimService({
    claimRepo: createClaimRepo(db),
    findApp: deps.findApp,
    withoutSecrets: deps.withoutSecrets,
    onClaimed: (claimed) => deps.forgetApp(claimed.slug),
    notifyChannel: APP_SETTINGS_CHANNEL,
    secret: config.authSecret,
  });
  const magic = createMagicCreateService({ models, rateLimiter, accountOf, getOwned });
  return {
    tools,
    routes: toolsRoutes({ tools, magic, claims, signedIn: deps.signedIn }),
    /** Throws NOT_FOUND unless the caller owns the app and it has this tool. */
    requireTool: (user: SessionUser, appId: string, toolId: string) => tools.get(user, appId, toolId),
  };
}

export type { ToolsService } from './tools.service';
export { storedToolKeys } from './tool-definition';
