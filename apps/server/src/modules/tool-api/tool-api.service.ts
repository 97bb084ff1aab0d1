import { randomUUID } from 'node:crypto';
import { type SessionUser } from '@tessera/contracts/auth';
import {
  TOOL_API_CALLS_PER_MINUTE,
  TOOL_API_KEY_PREFIX,
  TOOL_API_KEYS_PER_TOOL,
  TOOL_API_MESSAGES,
  type CreateToolApiKeyResponse,
  type ToolApiKey,
  type ToolApiKeyListResponse,
  type ToolApiRunResponse,
  type ToolFieldValue,
  type ToolRunEvent,
} from '@tessera/contracts/tool-runs';
import { hashApiKey, newApiKey } from '../../platform/crypto/api-key';
import { AppError } from '../../platform/errors';
import type { RateLimiter } from '../../platform/rate-limit';
import { collectRun, type ToolRunsService } from '../tool-runs';
import type { ToolApiKeyRow, ToolApiKeysRepo } from './tool-api-keys.repo';

/** Characters of a key shown in the list (the prefix and the first random ones). */
const SHOWN_CHARS = 10;

const toKey = (row: ToolApiKeyRow): ToolApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/**
 * The tool as an API (docs/product/tools.md#the-tool-api, docs/api.md): per-tool keys its builder
 * makes and revokes, and runs of the live tool by whoever holds one, through the same run engine
 * as the tool's page, counted against the owner's monthly runs.
 */
export function createToolApiService({
  repo,
  toolRuns,
  rateLimiter,
  requireTool,
  publicUrl,
  now = () => new Date(),
}: {
  repo: ToolApiKeysRepo;
  toolRuns: Pick<ToolRunsService, 'startForOwner'>;
  rateLimiter: RateLimiter;
  /** Throws NOT_FOUND unless the caller owns the app and it has this tool. */
  requireTool: (user: SessionUser, appId: string, toolId: string) => Promise<unknown>;
  publicUrl: string;
  now?: () => Date;
}) {
  const endpointOf = (toolId: string) => `${publicUrl}/api/v1/tools/${encodeURIComponent(toolId)}/run`;

  return {
    async list(user: SessionUser, appId: string, toolId: string): Promise<ToolApiKeyListResponse> {
      await requireTool(user, appId, toolId);
      return { keys: (await repo.listOf(appId, toolId)).map(toKey), endpoint: endpointOf(toolId) };
    },

    /** A new key: the only time its secret is seen; only its hash is kept. */
    async create(user: SessionUser, appId: string, toolId: string, name: string): Promise<CreateToolApiKeyResponse> {
      await requireTool(user, appId, toolId);
      const trimmed = name.trim();
      if (!trimmed) throw new AppError('VALIDATION_FAILED', TOOL_API_MESSAGES.keyNameEmpty);
      const { key: secret, hash } = newApiKey(TOOL_API_KEY_PREFIX);
      const row = await repo.create(
        {
          id: randomUUID(),
          appId,
          toolId,
          name: trimmed,
          keyHash: hash,
          prefix: secret.slice(0, SHOWN_CHARS),
        },
        TOOL_API_KEYS_PER_TOOL,
      );
      if (!row) throw new AppError('CONFLICT', TOOL_API_MESSAGES.tooManyKeys);
      return { key: toKey(row), secret };
    },

    async revoke(user: SessionUser, appId: string, toolId: string, keyId: string): Promise<{ status: true }> {
      await requireTool(user, appId, toolId);
      if (!(await repo.revoke(appId, toolId, keyId))) throw new AppError('NOT_FOUND', TOOL_API_MESSAGES.keyNotFound);
      return { status: true };
    },

    /** The key an `Authorization` header carries, if it is a live key of this tool and within its rate. */
    async authorize(authorization: string | undefined, toolId: string): Promise<ToolApiKeyRow> {
      const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
      if (!token) throw new AppError('UNAUTHORIZED', TOOL_API_MESSAGES.missingKey);
      const key = token.startsWith(TOOL_API_KEY_PREFIX) ? await repo.findByHash(hashApiKey(token)) : null;
      if (!key || key.revokedAt) throw new AppError('UNAUTHORIZED', TOOL_API_MESSAGES.invalidKey);
      if (key.toolId !== toolId) throw new AppError('FORBIDDEN', TOOL_API_MESSAGES.otherTool);
      const { count } = await rateLimiter.hit(`tool-api:${key.id}`, 60);
      if (count > TOOL_API_CALLS_PER_MINUTE) throw new AppError('RATE_LIMITED', TOOL_API_MESSAGES.rateLimited);
      await repo.touch(key.id, now());
      return key;
    },

    /** A run of the key's live tool; its events (the route streams them or gathers them with `collect`). */
    async run(key: ToolApiKeyRow, values: Record<string, ToolFieldValue>): Promise<AsyncIterable<ToolRunEvent>> {
      try {
        return await toolRuns.startForOwner(key.appId, key.toolId, `k:${key.id}`, values, { activeOnly: true });
      } catch (err) {
        if (err instanceof AppError && err.code === 'NOT_FOUND')
          throw new AppError('NOT_FOUND', TOOL_API_MESSAGES.notLive);
        throw err;
      }
    },

    /** A run's events gathered into one JSON answer; a failed run is a 502. */
    async collect(events: AsyncIterable<ToolRunEvent>): Promise<ToolApiRunResponse> {
      const { start, done } = await collectRun(events);
      return { runId: done.runId, result: done.result, sources: done.sources, model: start.model, usage: done.usage };
    },
  };
}

export type ToolApiService = ReturnType<typeof createToolApiService>;
