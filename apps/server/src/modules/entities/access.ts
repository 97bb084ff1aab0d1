import type { AccessLevel } from '@tessera/contracts/entities';

/**
 * Who is calling the entity API. `owner` is the builder who owns the app and `admin` an app user
 * with the admin role: both always have full access (the Database panel). `user` is a signed-in
 * app user, `anonymous` everyone else.
 */
export type Caller =
  | { kind: 'owner'; userId: string }
  | { kind: 'admin'; userId: string }
  | { kind: 'user'; userId: string }
  | { kind: 'anonymous' };

export type Operation = 'read' | 'create' | 'update' | 'delete';

/**
 * The decision for one operation: `deny` (with whether signing in could help), `all` (every row),
 * or `own` (only rows the caller created: lists and bulk operations filter by creator).
 */
export type AccessDecision = { allow: false; signInMayHelp: boolean } | { allow: true; scope: 'all' | 'own' };

const ALL: AccessDecision = { allow: true, scope: 'all' };
const OWN: AccessDecision = { allow: true, scope: 'own' };
const denied = (caller: Caller): AccessDecision => ({ allow: false, signInMayHelp: caller.kind === 'anonymous' });

/**
 * The access matrix of docs/entity-access.md: level x operation x caller. Reads use the read
 * level, create/update/delete the write level.
 */
export function decideAccess(level: AccessLevel, operation: Operation, caller: Caller): AccessDecision {
  if (caller.kind === 'owner' || caller.kind === 'admin') return ALL;
  switch (level) {
    case 'anonymous':
      return ALL;
    case 'all':
      return caller.kind === 'user' ? ALL : denied(caller);
    case 'creator':
      if (caller.kind !== 'user') return denied(caller);
      return operation === 'create' ? ALL : OWN;
    case 'admin':
    case 'none':
      return denied(caller);
  }
}
