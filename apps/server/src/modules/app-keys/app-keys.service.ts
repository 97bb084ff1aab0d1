import { randomUUID } from 'node:crypto';
import {
  APP_KEYS_MAX,
  EXPORT_MESSAGES as M,
  type AppKey,
  type AppKeyKind,
  type AppKeysResponse,
  type CreateAppKeyRequest,
  type CreatedAppKey,
} from '@tessera/contracts/app-export';
import { type SessionUser } from '@tessera/contracts/auth';
import { hashApiKey, newApiKey } from '../../platform/crypto/api-key';
import { AppError } from '../../platform/errors';
import type { AppKeyRow, AppKeysRepo } from './app-keys.repo';

/** An app key's prefix, so a leaked one is recognisable. */
export const APP_KEY_PREFIX = 'tak_';

/** What a request carrying a valid app key may do (docs/product/export.md#app-keys). */
export interface AppKeyPrincipal {
  appId: string;
  keyId: string;
  /** `site`: the caller stays the visitor or end user under the entity rules; `server`: full access. */
  kind: AppKeyKind;
  canWrite: boolean;
}

const kindOf = (row: AppKeyRow): AppKeyKind => (row.kind === 'server' ? 'server' : 'site');

const toKey = (row: AppKeyRow): AppKey => ({
  id: row.id,
  name: row.name,
  hint: row.hint,
  kind: kindOf(row),
  canWrite: row.canWrite,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/**
 * Per-app API keys: created and revoked by whoever may edit the app's code (`checkApp`), shown
 * once, stored as SHA-256, accepted by the entity API of their own app only. A site key (the one
 * an exported site is built with) only names the app; a server key acts as an app admin.
 */
export function createAppKeysService({
  repo,
  checkApp,
}: {
  repo: AppKeysRepo;
  /** Refuses a user who may not edit this app's code (the code editor's rule). */
  checkApp: (user: SessionUser, appId: string) => Promise<unknown>;
}) {
  return {
    async list(user: SessionUser, appId: string): Promise<AppKeysResponse> {
      await checkApp(user, appId);
      return { keys: (await repo.list(appId)).map(toKey) };
    },

    async create(user: SessionUser, appId: string, input: CreateAppKeyRequest): Promise<CreatedAppKey> {
      await checkApp(user, appId);
      if ((await repo.count(appId)) >= APP_KEYS_MAX) throw new AppError('CONFLICT', M.tooManyKeys);
      const { key, hash, hint } = newApiKey(APP_KEY_PREFIX);
      const row = await repo.insert({
        id: randomUUID(),
        appId,
        name: input.name,
        keyHash: hash,
        hint,
        kind: input.kind,
        canWrite: input.canWrite,
      });
      return { ...toKey(row), key };
    },

    async revoke(user: SessionUser, appId: string, keyId: string): Promise<{ status: true }> {
      await checkApp(user, appId);
      if (!(await repo.delete(appId, keyId))) throw new AppError('NOT_FOUND', M.keyNotFound);
      return { status: true };
    },

    /** The principal of `key` on `appId`, or null when it is unknown, revoked or another app's. */
    async verify(appId: string, key: string): Promise<AppKeyPrincipal | null> {
      if (!key.startsWith(APP_KEY_PREFIX) || key.length > 200) return null;
      const row = await repo.use(appId, hashApiKey(key));
      return row ? { appId, keyId: row.id, kind: kindOf(row), canWrite: row.canWrite } : null;
    },
  };
}

export type AppKeysService = ReturnType<typeof createAppKeysService>;
