import { randomUUID } from 'node:crypto';
import { type SessionUser } from '@tessera/contracts/auth';
import { type ChatMessage, type ChatModelOption, type ChatRequest } from '@tessera/contracts/chat';
import { type PlanId } from '@tessera/contracts/plans';
import { AppError } from '../../platform/errors';
import type { EventQueue } from '../../platform/http/sse';
import type { ConversationMessage } from '../../platform/llm/answer-stream';
import type { ChatModel, ModelCatalog } from '../../platform/llm/models';
import type { Lifecycle } from '../../platform/lifecycle';
import type { Logger } from '../../platform/logger';
import type { AccountsService } from '../accounts';
import type { AppsService } from '../apps/apps.service';
import type { VersionsRepo } from '../versions/versions.repo';
import type { VersionsService } from '../versions/versions.service';
import { createLimitCheck, createRefusals } from './chat-limits';
import { followLastMessages } from './chat-live';
import { createOrphanCheck, TURN_HEARTBEAT_MS, withOrphanClosed } from './chat-orphans';
import { completeActions, createTurnRunner, textOf, type TurnStream } from './chat-turn';
import { refusalNote } from './chat-repair';
import { createValidateRepair } from './chat-validate';
import { chatChannel, type ChatRepo } from './chat.repo';

const MAX_MESSAGE_CHARS = 20_000;

export interface ChatDeps {
  chatRepo: ChatRepo;
  versionsRepo: VersionsRepo;
  versions: VersionsService;
  apps: AppsService;
  accounts: AccountsService;
  models: ModelCatalog;
  logger: Logger;
  /** Postgres LISTEN: wakes live followers in every process (`onResync` after a lost connection came back). */
  listen: (
    channel: string,
    onPayload: (payload: string) => void,
    onResync?: () => void,
  ) => Promise<() => Promise<void>>;
  clock?: () => Date;
  /** The process's drain (SIGTERM): running turns get its grace, then end "interrupted". */
  lifecycle?: Pick<Lifecycle, 'track'>;
  /** True on the embedded database (one process): a turn not running here runs nowhere. */
  isOnlyProcess?: boolean;
  /** The plan catalogue's chat allowances of a plan (billing/plans.ts). */
  chatLimitsOf?: (plan: PlanId) => { builderMessages: number | null; dailyMessages: number | null };
}

/**
 * Model messages from the conversation's text parts (action text included: it is the model's own
 * work). The stored last answer says what of it was refused, so the model never takes refused
 * changes for applied ones.
 */
function toModelMessages(
  messages: Array<{ id?: string; role: string; parts: Array<{ type: string; text?: unknown }> }>,
  last: ChatMessage | null | undefined,
): ConversationMessage[] {
  return messages
    .map((m): ConversationMessage => {
      const note = last && m.id === last.id ? refusalNote(last.annotations[0]?.systemActionInfo) : '';
      return { role: m.role === 'assistant' ? 'assistant' : 'user', content: textOf(m.parts) + note };
    })
    .filter((m) => m.content.trim().length > 0);
}

/**
 * The builder chat: a turn streams the model's answer to the caller (and, through the database,
 * to every follower), then validates and applies its actions atomically as a new version
 * (chat-turn.ts); limits in chat-limits.ts, live followers in chat-live.ts.
 */
export function createChatService({
  chatRepo,
  versionsRepo,
  versions,
  apps,
  accounts,
  models,
  logger,
  listen,
  clock = () => new Date(),
  lifecycle,
  isOnlyProcess = false,
  chatLimitsOf,
}: ChatDeps) {
  const refusals = createRefusals(() => clock().getTime());
  const checkLimits = createLimitCheck(chatRepo, accounts, clock, chatLimitsOf);
  const { startTurn, runningHere } = createTurnRunner({ chatRepo, versionsRepo, logger, clock, lifecycle });
  const closeOrphan = createOrphanCheck({ chatRepo, runningHere, isOnlyProcess });

  return {
    async listModels(user: SessionUser): Promise<ChatModelOption[]> {
      const account = await accounts.getCurrent(user);
      const all = await models.list();
      return (account.isAdmin ? all : all.filter((m) => m.isDefault)).map(({ id, label, provider, isDefault }) => ({
        id,
        label,
        provider,
        isDefault,
      }));
    },

    async messages(user: SessionUser, appId: string): Promise<ChatMessage[]> {
      const app = await apps.getOwned(user, appId);
      return withOrphanClosed(app.id, await chatRepo.list(app.id), closeOrphan);
    },

    /** The newest two messages, now and after every change in any process: what live followers render. */
    async live(user: SessionUser, appId: string): Promise<EventQueue<ChatMessage[]>> {
      const app = await apps.getOwned(user, appId);
      return followLastMessages(
        async () => withOrphanClosed(app.id, await chatRepo.listLast(app.id, 2), closeOrphan),
        // After a gap in the LISTEN connection the messages are read again: notifications were lost.
        (onChange) => listen(chatChannel(app.id), onChange, onChange),
        // A streaming turn is read again now and then: its process may die without a word.
        TURN_HEARTBEAT_MS,
      );
    },

    /**
     * Starts a turn and hands back its UI-message chunks; the turn finishes even if the caller leaves.
     * `user` may still be resolving: the session, the app and what the turn starts from are read at once.
     */
    async send(user: SessionUser | Promise<SessionUser>, appId: string, request: ChatRequest): Promise<TurnStream> {
      const incoming = request.messages.at(-1)!;
      const userText = textOf(incoming.parts as Array<{ type: string; text?: unknown }>).trim();
      if (incoming.role !== 'user' || !userText)
        throw new AppError('BAD_REQUEST', 'The last message must be a user message with text');
      if (userText.length > MAX_MESSAGE_CHARS)
        throw new AppError(
          'BAD_REQUEST',
          `This message is too long (${MAX_MESSAGE_CHARS.toLocaleString('en-US')} characters max)`,
        );
      // Everything before the model call is on the time to first token. What the prompt needs is
      // read with the session (the owner is confirmed before anything read is used), and
      // whether this builder may send now is checked as soon as the session names them: the rate
      // limit counts every attempt, and its refusal comes after the app's 404. Nothing of the
      // answer leaves before the checks pass (see `speculate`).
      const checks = Promise.resolve(user).then(checkLimits);
      checks.catch(() => {}); // awaited below
      const [builder, start] = await Promise.all([user, chatRepo.findTurnStart(appId)]);
      const app = apps.requireOwner(start?.app, builder);
      const { version } = start!;
      const snapshot = versions.snapshotOf(app, version, start!.entities);
      // A turn whose process died is closed here, and this one continues it.
      const stored = start!.last;
      const last = stored?.status === 'streaming' ? await closeOrphan(app.id, stored) : stored;
      if (stored && !last)
        throw new AppError('CONFLICT', 'Wait for the current answer to finish before sending another message');
      const lastInfo = last?.annotations[0]?.systemActionInfo?.type;
      const isUnfinishedTurn =
        last?.role === 'assistant' &&
        (lastInfo === 'truncated' || lastInfo === 'interrupted') &&
        version?.messageId !== last.id;
      const carried = isUnfinishedTurn ? completeActions(textOf(last.parts)) : [];
      // The client sends the last 3 messages: they are the model's context (a "Continue"
      // carries the truncated answer it continues).
      const history = toModelMessages(
        request.messages as Array<{ id?: string; role: string; parts: Array<{ type: string; text?: unknown }> }>,
        last,
      );
      const abort = new AbortController();
      // A speculative turn streams into its buffer until the checks pass; it stores nothing before.
      const admitted = checks.then(
        () => true,
        () => false,
      );
      const turnOf = (chosen: ChatModel) =>
        startTurn({
          app,
          builder,
          model: chosen,
          snapshot,
          version,
          carried,
          history,
          incoming,
          userText,
          admitted,
          abortSignal: abort.signal,
        });
      // Speculation: the default model starts while the checks run. Not when the admins' model
      // choice needs the account, nor for a builder refused lately: a refused turn aborts its call
      // at once, and a blocked builder starts none.
      const speculate = !request.model && !refusals.isRecent(builder.id);
      let stream = speculate ? turnOf(await models.resolve()) : null;
      try {
        const account = await checks;
        stream ??= turnOf(await models.resolve(account.isAdmin ? request.model : undefined));
      } catch (err) {
        refusals.remember(builder.id);
        abort.abort();
        throw err;
      }
      return stream;
    },

    validateRepair: createValidateRepair({ chatRepo, versionsRepo, versions, apps, accounts }),

    /** Restore: a new version equal to the chosen one; answers with the chat's messages. */
    async restore(
      user: SessionUser,
      appId: string,
      versionId: string,
      messageId: string | null | undefined,
    ): Promise<{ messages: ChatMessage[] }> {
      const app = await apps.getOwned(user, appId);
      versions.requireMessageId(messageId);
      const assistantId = randomUUID();
      const { restored, from } = await versions.restoreAsNew(app, versionId, assistantId);
      await chatRepo.append({
        id: assistantId,
        appId: app.id,
        role: 'assistant',
        parts: [{ type: 'text', text: `Restored version ${from.number} as version ${restored.number}.` }],
        annotations: [
          {
            versionId: restored.id,
            status: 'complete',
            systemActionInfo: { type: 'restore', fromVersionId: from.id, message: `Restored version ${from.number}` },
          },
        ],
        status: 'complete',
      });
      await chatRepo.notify(app.id);
      return { messages: await chatRepo.list(app.id) };
    },

    /**
     * Reverts a user message: it and every later message go, and the app goes back to what it was
     * before that message — as a new version, so the versions it made stay restorable.
     */
    async revert(
      user: SessionUser,
      appId: string,
      messageId: string,
    ): Promise<{ messages: ChatMessage[]; versionId: string | null }> {
      const app = await apps.getOwned(user, appId);
      const message = await chatRepo.find(app.id, messageId);
      if (!message) throw new AppError('NOT_FOUND', 'This message does not exist');
      if (message.role !== 'user') throw new AppError('BAD_REQUEST', 'Only your own messages can be reverted');
      const latest = await versionsRepo.findLatestVersion(app.id);
      const before = message.annotations[0]?.versionId ?? null;
      let versionId = latest?.id ?? null;
      if (latest && before !== latest.id) {
        versionId = before
          ? (await versions.restoreAsNew(app, before, null)).restored.id
          : (
              await versionsRepo.createVersion({
                appId: app.id,
                snapshot: versions.emptySnapshot(app),
                appName: app.name,
                description: 'Reverted to the empty app',
              })
            ).id;
      }
      await chatRepo.deleteFrom(app.id, message.seq);
      await chatRepo.notify(app.id);
      return { messages: await chatRepo.list(app.id), versionId };
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
