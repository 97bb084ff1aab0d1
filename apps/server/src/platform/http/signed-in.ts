import type { MiddlewareHandler } from 'hono';
import type { SessionUser } from '@tessera/contracts/auth';

/** The signed-in builder's guard (the auth module's): routes behind it read `c.var.user`. */
export type SignedIn = MiddlewareHandler<{ Variables: { user: SessionUser } }>;
