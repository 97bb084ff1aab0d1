// End users' credits, for their app's builder: balances, history and adjustments.
import type { SessionUser } from '@tessera/contracts/auth';
import type { SignedIn } from '../../platform/http/signed-in';
import type { Platform } from '../../platform/platform';
import { createCreditsRepo } from './credits.repo';
import { creditsRoutes } from './credits.routes';
import { createCreditsService } from './credits.service';

export interface CreditsModuleDeps {
  signedIn: SignedIn;
  /** The app, if this builder owns it; NOT_FOUND otherwise (the apps module's rule). */
  getOwned: (user: SessionUser, appId: string) => Promise<{ id: string; settings: Record<string, unknown> }>;
}

/** Builds the credits module: its routes. */
export function createCreditsModule({ db }: Platform, { signedIn, getOwned }: CreditsModuleDeps) {
  return {
    routes: creditsRoutes({ credits: createCreditsService({ repo: createCreditsRepo(db), getOwned }), signedIn }),
  };
}
