// The public configuration the SPA reads first, and the dev outbox for local clients.
import { Hono } from 'hono';
import type { PublicConfig } from '@tessera/contracts/auth';
import type { Platform } from '../../platform/platform';
import { devRoutes, isLocalClient } from './dev.routes';

/** Builds the dev module: `GET /api/config`, and `GET /api/dev/outbox` while mails go to the outbox. */
export function createDevModule({ config, mailer }: Platform) {
  const routes = new Hono();
  // The outbox (and the SPA's hints pointing at it) only for a client on this machine.
  routes.get('/api/config', (c) =>
    c.json({
      googleEnabled: Boolean(config.google),
      devOutbox: config.devOutboxEnabled && isLocalClient(c),
    } satisfies PublicConfig),
  );
  if (config.devOutboxEnabled) routes.route('/', devRoutes({ mailer }));
  return { routes };
}
