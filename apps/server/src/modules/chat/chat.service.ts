import { randomUUID } from 'node:crypto';
import { APICallError } from '@ai-sdk/provider';
import { UI_MESSAGE_STREAM_HEADERS, type UIMessageChunk } from 'ai';
import {
  applyActions,
  buildSystemPrompt,
  DETECTORS,
  parseActionText,
  repairSnapshot,
  validateSnapshot,
  type AppSnapshot,
  type ParsedAction,
  type ValidationIssue,
} from '@tessera/agent';
import {
  APP_MESSAGES,
  CHAT_LIMITS,
  MESSAGES,
  type Account,
  type ChatAnnotation,
  type ChatMessage,
  type ChatModelOption,
  type ChatRequest,
  type SessionUser,
  type ValidationIssueEntry,
  type ValidationResult,
} from '@tessera/contracts';
import { AppError } from '../../platform/errors';
import { streamAnswer, type AnswerPart, type ConversationMessage } from '../../platform/llm/answer-stream';
import { usageRecord, type ChatModel, type ModelCatalog } from '../../platform/llm/models';
import type { Logger } from '../../platform/logger';
import type { AccountsService } from '../accounts/accounts.service';
import type { AppRow } from '../apps/apps.repo';
import type { AppsService } from '../apps/apps.service';
import type { VersionRow, VersionsRepo } from '../versions/versions.repo';
import { readManifest, type VersionsService } from '../versions/versions.service';
import { chatChannel, type ChatRepo } from './chat.repo';

/** Chat calls per builder per minute before "Rate limit exceeded" (spec 3 §8 HTTP 429). */
const CHAT_CALLS_PER_MINUTE = 20;
/** A message still "streaming" after this long belongs to a turn that died with its process. */
const STALE_STREAM_MS = 5 * 60_000;
/** How often a streaming answer is written to the database for live followers. */
const FLUSH_INTERVAL_MS = 200;
const MAX_MESSAGE_CHARS = 20_000;
/** The longest a turn's messages wait to be stored for a model that has not answered yet. */
const STORE_DELAY_MS = 50;
const encoder = new TextEncoder();

const issueEntry = (i: ValidationIssue): ValidationIssueEntry => ({
  message: i.message,
  componentName: i.file ?? null,
  detectorId: i.detectorId,
  severity: i.severity,
  line: i.line ?? null,
});

const utcDay = (d: Date) => d.toISOString().slice(0, 10);
const textOf = (parts: Array<{ type: string; text?: unknown }>) =>
  parts
    .filter((p) => p.type === 'text' && typeof p.text === 'string')
    .map((p) => p.text as string)
    .join('');

/**
 * The UI-message stream's headers, declared chunked: @hono/node-server otherwise holds a streamed
 * body back a timer tick to see whether it fits a Content-Length (~1 ms on every first token).
 */
const TURN_STREAM_HEADERS = { ...UI_MESSAGE_STREAM_HEADERS, 'transfer-encoding': 'chunked' };

/** What a turn starts from and who asked for it. */
interface Turn {
  app: AppRow;
  builder: SessionUser;
  model: ChatModel;
  snapshot: AppSnapshot;
  version: VersionRow | null;
  /** Complete actions of a cut-off turn that made no version, applied before this turn's own. */
  carried: ParsedAction[];
  history: ConversationMessage[];
  incoming: { id: string };
  userText: string;
  /** Whether the limit checks passed (false: the turn was refused and aborted). */
  admitted: Promise<boolean>;
  abortSignal: AbortSignal;
}

export interface ChatDeps {
  chatRepo: ChatRepo;
  versionsRepo: VersionsRepo;
  versions: VersionsService;
  apps: AppsService;
  accounts: AccountsService;
  models: ModelCatalog;
  logger: Logger;
  /** Postgres LISTEN: wakes live followers in every process. */
  listen: (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;
  clock?: () => Date;
}

/**
 * The builder chat: a turn streams the model's answer to the caller (and, through the database,
 * to every follower), then validates and applies its actions atomically as a new version.
 */
/** How long a refused builder's turns wait for their checks before the model starts. */
const REFUSAL_MEMORY_MS = 60_000;
const REFUSALS_KEPT = 10_000;

/** Builders refused lately (limits, rate limit), in this process: their next turns are not speculated. */
function createRefusals(now: () => number) {
  const at = new Map<string, number>();
  return {
    isRecent: (userId: string) => now() - (at.get(userId) ?? -Infinity) < REFUSAL_MEMORY_MS,
    remember(userId: string) {
      at.delete(userId);
      at.set(userId, now());
      // Insertion order is age order: the oldest go first.
      for (const key of at.keys()) {
        if (at.size <= REFUSALS_KEPT) break;
        at.delete(key);
      }
    },
  };
}

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
}: ChatDeps) {
  const refusals = createRefusals(() => clock().getTime());
  /**
   * Whether this builder may send now: the plan's chat allowances (admins have none) and the
   * per-minute rate limit, which counts every attempt. One statement reads them and counts the call.
   */
  async function checkLimits(builder: SessionUser): Promise<Account> {
    const {
      account: row,
      today,
      total,
      calls,
    } = await chatRepo.allowance(builder.id, utcDay(clock()), `chat:${builder.id}`, 60);
    if (!row) throw new AppError('NOT_FOUND', APP_MESSAGES.accountNotFound);
    const account = accounts.fromRow(row, builder);
    if (!account.isAdmin) {
      const limits = CHAT_LIMITS[account.plan];
      if (limits.builderMessages !== null && total >= limits.builderMessages) {
        throw new AppError('builder-chat-messages-limit-reached', MESSAGES.chat.builderLimit);
      }
      if (limits.dailyMessages !== null && today >= limits.dailyMessages) {
        throw new AppError(
          'daily-chat-messages-limit-reached',
          MESSAGES.chat.dailyLimit.replace('{n}', String(limits.dailyMessages)),
          { limit: limits.dailyMessages },
        );
      }
    }
    if (calls > CHAT_CALLS_PER_MINUTE) throw new AppError('RATE_LIMITED', MESSAGES.chat.rateLimited);
    return account;
  }

  /** Model messages from the conversation's text parts (action text included: it is the model's own work). */
  function toModelMessages(
    messages: Array<{ role: string; parts: Array<{ type: string; text?: unknown }> }>,
  ): ConversationMessage[] {
    return messages
      .map((m): ConversationMessage => ({
        role: m.role === 'assistant' ? 'assistant' : 'user',
        content: textOf(m.parts),
      }))
      .filter((m) => m.content.trim().length > 0);
  }

  /** The complete actions of a message's text (a truncated action is repeated by the next turn). */
  const completeActions = (text: string): ParsedAction[] =>
    parseActionText(text, { isFinal: true }).actions.filter((a) => a.isComplete && !a.isTruncated);

  /**
   * Parses, applies, repairs what needs no model (e.g. a misspelt icon) and validates the turn's
   * actions; a version only when nothing fails. `carried` are the complete actions of a truncated
   * turn that made no version: a "Continue" turn only repeats the cut-off action, so they go first.
   */
  async function commitTurn(
    app: AppRow,
    base: AppSnapshot,
    baseVersionId: string | null,
    text: string,
    carried: ParsedAction[],
    messageId: string,
    userRequest: string,
  ): Promise<ChatAnnotation> {
    const parsed = parseActionText(text, { isFinal: true });
    const own = completeActions(text);
    const isTruncated = parsed.actions.some((a) => a.isTruncated);
    const truncatedInfo: ChatAnnotation['systemActionInfo'] = isTruncated
      ? { type: 'truncated', message: MESSAGES.chat.truncated }
      : undefined;
    if (!own.length) return { versionId: baseVersionId ?? undefined, systemActionInfo: truncatedInfo };
    const applied = applyActions(base, [...carried, ...own]);
    const repaired = await repairSnapshot(applied.snapshot);
    const issues = [...applied.issues, ...(await validateSnapshot(repaired.snapshot))].filter(
      (i) => i.severity === 'error',
    );
    if (issues.length) {
      return {
        versionId: baseVersionId ?? undefined,
        systemActionInfo: {
          // Cut-off output explains the failure: "Let's keep going" finishes it (and carries these actions).
          type: isTruncated ? 'truncated' : 'validation-failed',
          message: isTruncated
            ? MESSAGES.chat.truncated
            : `The changes were not applied: ${issues.length === 1 ? 'one problem was' : `${issues.length} problems were`} found`,
          issues: issues.slice(0, 20).map((i) => ({ message: i.message, file: i.file, line: i.line })),
        },
      };
    }
    const groupTitles = parsed.segments.flatMap((s) => (s.kind === 'group' ? [s.title] : [])).filter(Boolean);
    const version = await versionsRepo.createVersion({
      appId: app.id,
      snapshot: repaired.snapshot,
      appName: readManifest(repaired.snapshot).name ?? app.name,
      messageId,
      description: groupTitles.join('; ').slice(0, 500) || 'Changes from the chat',
      userRequest: userRequest.slice(0, 2000),
      records: Object.entries(applied.records).flatMap(([entity, rows]) => rows.map((data) => ({ entity, data }))),
    });
    return { versionId: version.id, systemActionInfo: truncatedInfo };
  }

  /**
   * A turn's model call and its stream to the caller, started at once. Its chunks are SSE bytes
   * queued on the returned stream (the bytes of createUIMessageStreamResponse, without its two
   * transform streams); nothing is stored until `admitted` says the limit checks passed, so a
   * speculative turn that is refused leaves no trace. The turn ends and is saved even if the
   * caller goes away.
   */
  function startTurn(turn: Turn): ReadableStream<Uint8Array> {
    const { app, builder, model, snapshot, version, incoming, userText } = turn;
    const answer = streamAnswer(model.create({ snapshot }), {
      system: buildSystemPrompt({ snapshot, appName: app.name }),
      messages: turn.history,
      abortSignal: turn.abortSignal,
    });
    const assistantId = randomUUID();
    const startedAnnotation: ChatAnnotation = { status: 'streaming', model: model.id };
    // Both messages are stored, once the checks passed, when the model has answered or
    // STORE_DELAY_MS passed, whichever is first: the writes never delay the first token (on PGlite
    // they hold the event loop), and live followers still see the turn almost at once. Every later
    // write of the turn waits for them.
    let storing: Promise<void> | null = null;
    const store = () =>
      (storing ??= (async () => {
        clearTimeout(storeTimer);
        if (!(await turn.admitted)) throw new Error('refused turn');
        await chatRepo.append({
          id: incoming.id,
          appId: app.id,
          role: 'user',
          parts: [{ type: 'text', text: userText }],
          annotations: [{ versionId: version?.id }],
          status: 'complete',
        });
        await chatRepo.append({
          id: assistantId,
          appId: app.id,
          role: 'assistant',
          parts: [],
          annotations: [startedAnnotation],
          status: 'streaming',
        });
        await chatRepo.countMessage(builder.id, utcDay(clock()));
        await chatRepo.notify(app.id);
      })());
    const storeTimer = setTimeout(() => void store().catch(() => {}), STORE_DELAY_MS);

    let sink: ReadableStreamDefaultController<Uint8Array> | null = null;
    const sse = (data: string) => {
      try {
        sink?.enqueue(encoder.encode(`data: ${data}\n\n`));
      } catch {
        sink = null;
      }
    };
    const emit = (chunk: UIMessageChunk) => sse(JSON.stringify(chunk));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        sink = controller;
      },
      cancel() {
        sink = null;
      },
    });

    const run = async () => {
      let text = '';
      let isStoreScheduled = false;
      // The first text write waits an interval too: nothing delays the first token.
      let flushedAt = Date.now();
      const flush = async () => {
        if (Date.now() - flushedAt < FLUSH_INTERVAL_MS) return;
        await store();
        flushedAt = Date.now();
        await chatRepo.update(app.id, assistantId, { parts: [{ type: 'text', text }] });
        await chatRepo.notify(app.id);
      };
      emit({ type: 'start', messageId: assistantId, messageMetadata: startedAnnotation });
      try {
        let end: Extract<AnswerPart, { type: 'finish' }> | undefined;
        for await (const part of answer) {
          if (part.type === 'finish') {
            end = part;
            continue;
          }
          const { chunk } = part;
          emit(chunk);
          if (chunk.type === 'text-delta') {
            text += chunk.delta;
            // Stored once the first token is out (written to the socket as it was emitted).
            if (!isStoreScheduled) setImmediate(() => void store().catch(() => {}));
            isStoreScheduled = true;
            await flush();
          }
        }
        await store();
        // streamAnswer ends every answer with its finish part (or throws).
        const { usage, finishReason } = end!;
        const committed = await commitTurn(
          app,
          snapshot,
          version?.id ?? null,
          text,
          turn.carried,
          assistantId,
          userText,
        );
        const annotation: ChatAnnotation = {
          ...committed,
          status: 'complete',
          model: model.id,
          usage: usageRecord(model, usage, finishReason, clock()),
        };
        await chatRepo.update(app.id, assistantId, {
          parts: [{ type: 'text', text }],
          annotations: [annotation],
          status: 'complete',
        });
        await chatRepo.addCost(builder.id, utcDay(clock()), annotation.usage!.totalCost);
        await chatRepo.notify(app.id);
        emit({ type: 'message-metadata', messageMetadata: annotation });
        emit({ type: 'finish', messageMetadata: annotation });
      } catch (err) {
        // A refused turn was aborted by `send`, which answered with the refusal.
        if (!(await turn.admitted)) return;
        const isRateLimit = APICallError.isInstance(err) && err.statusCode === 429;
        const message = isRateLimit ? MESSAGES.chat.rateLimited : MESSAGES.chat.failed;
        logger.error('chat turn failed', {
          appId: app.id,
          model: model.id,
          err: err instanceof Error ? err.message : String(err),
        });
        const annotation: ChatAnnotation = {
          status: 'error',
          model: model.id,
          versionId: version?.id,
          systemActionInfo: { type: 'error', message },
        };
        await store().catch(() => {});
        await chatRepo
          .update(app.id, assistantId, { parts: [{ type: 'text', text }], annotations: [annotation], status: 'error' })
          .catch(() => {});
        await chatRepo.notify(app.id).catch(() => {});
        emit({ type: 'error', errorText: message });
      } finally {
        sse('[DONE]');
        try {
          sink?.close();
        } catch {
          // the caller already went away
        }
      }
    };
    void run();
    return stream;
  }

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
      return chatRepo.list(app.id);
    },

    /** The newest two messages, what live followers render (spec 3 §4 Streaming). */
    async lastMessages(user: SessionUser, appId: string): Promise<ChatMessage[]> {
      const app = await apps.getOwned(user, appId);
      return chatRepo.listLast(app.id, 2);
    },

    /** Calls `onChange` whenever the app's chat changes, in any process; resolves to an unsubscribe. */
    async subscribe(user: SessionUser, appId: string, onChange: () => void): Promise<() => Promise<void>> {
      const app = await apps.getOwned(user, appId);
      return listen(chatChannel(app.id), onChange);
    },

    /**
     * Starts a turn and answers with its UI-message stream; the turn finishes even if the caller leaves.
     * `user` may still be resolving: the session, the app and what the turn starts from are read at once.
     */
    async send(user: SessionUser | Promise<SessionUser>, appId: string, request: ChatRequest): Promise<Response> {
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
      const { version, last } = start!;
      const snapshot = versions.snapshotOf(app, version, start!.entities);
      if (last?.status === 'streaming' && clock().getTime() - Date.parse(last.createdAt) < STALE_STREAM_MS) {
        throw new AppError('CONFLICT', 'Wait for the current answer to finish before sending another message');
      }
      const isUnfinishedTurn =
        last?.role === 'assistant' &&
        last.annotations[0]?.systemActionInfo?.type === 'truncated' &&
        version?.messageId !== last.id;
      const carried = isUnfinishedTurn ? completeActions(textOf(last.parts)) : [];
      // The spec's client sends the last 3 messages: they are the model's context (a "Continue"
      // carries the truncated answer it continues).
      const history = toModelMessages(
        request.messages as Array<{ role: string; parts: Array<{ type: string; text?: unknown }> }>,
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
      return new Response(stream, { headers: TURN_STREAM_HEADERS });
    },

    /**
     * The admins' validator test (spec 2 §7 validate-repair): re-runs a message's actions on the
     * version its turn started from, validates, repairs what needs no model, validates again.
     * Nothing is stored: the result shows what a turn would have produced.
     */
    async validateRepair(
      user: SessionUser,
      appId: string,
      versionId: string,
      input: { messageId: string; messageContent?: string },
    ): Promise<ValidationResult> {
      const [app, account] = await Promise.all([apps.getOwned(user, appId), accounts.getCurrent(user)]);
      if (!account.isAdmin) throw new AppError('FORBIDDEN', APP_MESSAGES.forbidden);
      const version = await versions.getVersion(app.id, versionId);
      const message = await chatRepo.find(app.id, input.messageId);
      if (!message && input.messageContent === undefined)
        throw new AppError('NOT_FOUND', 'This message does not exist');
      const text = input.messageContent ?? textOf(message!.parts);
      const previous =
        version.messageId === input.messageId
          ? await versionsRepo.findPreviousVersion(app.id, version.number)
          : version;
      const base = previous?.snapshot ?? versions.emptySnapshot(app);
      const applyStarted = performance.now();
      const applied = applyActions(base, completeActions(text));
      const applyingActionsMs = performance.now() - applyStarted;
      const validateStarted = performance.now();
      const initialIssues = [...applied.issues, ...(await validateSnapshot(applied.snapshot))];
      const repaired = await repairSnapshot(applied.snapshot);
      const unresolvedIssues = [...applied.issues, ...(await validateSnapshot(repaired.snapshot))];
      return {
        initialIssues: initialIssues.map(issueEntry),
        unresolvedIssues: unresolvedIssues.map(issueEntry),
        detectors: [...DETECTORS],
        repairedFiles: repaired.repairedFiles,
        previousVersionId: previous?.id ?? null,
        appBundle: { files: Object.entries(repaired.snapshot.files).map(([path, content]) => ({ path, content })) },
        timingBreakdown: {
          applyingActionsMs: Math.round(applyingActionsMs * 10) / 10,
          validatingMs: Math.round(performance.now() - validateStarted),
        },
      };
    },

    /** Spec 3 §7 restore: a new version equal to the chosen one; answers with the chat's messages. */
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
