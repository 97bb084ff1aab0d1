// Per-app API keys for exported projects and the builder's servers (docs/product/export.md#app-keys).
import type { MiddlewareHandler } from 'hono';
import type { SessionUser } from '@tessera/contracts/auth';
import type { SignedIn } from '../../platform/http/signed-in';
import type { Platform } from '../../platform/platform';
import type { CallerVariables } from '../app-users';
import { createAppKeysRepo } from './app-keys.repo';
import { appKeyAccess, appKeysRoutes } from './app-keys.routes';
import { createAppKeysService } from './app-keys.service';

export interface AppKeysModuleDeps {
  signedIn: SignedIn;
  /** Refuses a user who may not edit this app's code (the code files module's rule). */
  checkApp: (user: SessionUser, appId: string) => Promise<unknown>;
}

/** Builds the app keys module: the service (export checks keys through it), its routes and the entity API's key check. */
export function createAppKeysModule({ db }: Platform, { signedIn, checkApp }: AppKeysModuleDeps) {
  const appKeys = createAppKeysService({ repo: createAppKeysRepo(db), checkApp });
  return {
    appKeys,
    routes: appKeysRoutes({ appKeys, signedIn }),
    /** On the entity API, before any other identification: a request with an app key is that key alone. */
    access: (identifyAppUser: MiddlewareHandler<{ Variables: CallerVariables }>) =>
      appKeyAccess(appKeys, identifyAppUser),
  };
}

export type { AppKeysService } from './app-keys.service';
