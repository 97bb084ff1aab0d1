import { describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '@tessera/contracts/entities';
import { decideAccess, type Caller, type Operation } from './access';

const callers: Record<string, Caller> = {
  anonymous: { kind: 'anonymous' },
  user: { kind: 'user', userId: 'u1' },
  admin: { kind: 'admin', userId: 'a1' },
  owner: { kind: 'owner', userId: 'b1' },
};
const operations: Operation[] = ['read', 'create', 'update', 'delete'];

/** The matrix as docs/entity-access.md writes it: A = all rows, O = own rows, - = denied. */
const MATRIX: Record<string, Record<string, string>> = {
  //            read/create/update/delete for: anonymous, user, admin, owner
  anonymous: { anonymous: 'AAAA', user: 'AAAA', admin: 'AAAA', owner: 'AAAA' },
  all: { anonymous: '----', user: 'AAAA', admin: 'AAAA', owner: 'AAAA' },
  creator: { anonymous: '----', user: 'OAOO', admin: 'AAAA', owner: 'AAAA' },
  admin: { anonymous: '----', user: '----', admin: 'AAAA', owner: 'AAAA' },
  none: { anonymous: '----', user: '----', admin: 'AAAA', owner: 'AAAA' },
};

describe('decideAccess', () => {
  for (const level of ACCESS_LEVELS) {
    for (const [name, caller] of Object.entries(callers)) {
      it(`${level} level, ${name}: ${MATRIX[level]![name]}`, () => {
        const got = operations
          .map((op) => {
            const d = decideAccess(level, op, caller);
            return d.allow ? (d.scope === 'all' ? 'A' : 'O') : '-';
          })
          .join('');
        expect(got).toBe(MATRIX[level]![name]);
      });
    }
  }

  it('says when signing in could help', () => {
    expect(decideAccess('all', 'read', callers.anonymous!)).toEqual({ allow: false, signInMayHelp: true });
    expect(decideAccess('admin', 'read', callers.user!)).toEqual({ allow: false, signInMayHelp: false });
  });
});
