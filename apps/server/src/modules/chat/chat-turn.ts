import { randomUUID } from 'node:crypto';
import { APICallError } from '@ai-sdk/provider';
import type { UIMessageChunk } from 'ai';
import { applyActions, buildSystemPrompt, parseActionText, repairSnapshot, validateSnapshot } from '@tessera/agent';
import type { AppSnapshot, ParsedAction } from '@tessera/agent';
import { MESSAGES } from '@tessera/contracts';
import { type SessionUser } from '@tessera/contracts/auth';
import { type ChatAnnotation } from '@tessera/contracts/chat';
import { createEventQueue, type EventQueue } from '../../platform/http/sse';
import { streamAnswer, type AnswerPart, type ConversationMessage } from '../../platform/llm/answer-stream';
import { usageRecord, type ChatModel } from '../../platform/llm/models';
import type { Lifecycle } from '../../platform/lifecycle';
import type { Logger } from '../../platform/logger';
import type { AppRow } from '../apps/apps.repo';
import { appToolsOf } from '../tool-runs/app-tools';
import type { VersionRow, VersionsRepo } from '../versions/versions.repo';
import { readManifest } from '../apps/app-manifest';
import { utcDay } from './chat-limits';
import { TURN_HEARTBEAT_MS } from './chat-orphans';
import { RebaseFailed, remakeTurn } from './chat-rebase';
import type { ChatRepo } from './chat.repo';

/** How often a streaming answer is written to the database for live followers. */
const FLUSH_INTERVAL_MS = 200;
/** The longest a turn's messages wait to be stored for a model that has not answered yet. */
const STORE_DELAY_MS = 50;

/** The UI-message stream's last data line. */
export const UI_STREAM_DONE = '[DONE]';
/** What a turn streams: the AI SDK's UI-message chunks, then UI_STREAM_DONE. */
export type TurnChunk = UIMessageChunk | typeof UI_STREAM_DONE;
export type TurnStream = EventQueue<TurnChunk>;

export const textOf = (parts: Array<{ type: string; text?: unknown }>) =>
  parts
    .filter((p) => p.type === 'text' && typeof p.text === 'string')
    .map((p) => p.text as string)
    .join('');

/** The complete actions of a message's text (a truncated action is repeated by the next turn). */
export const completeActions = (text: string): ParsedAction[] =>
  parseActionText(text, { isFinal: true }).actions.filter((a) => a.isComplete && !a.isTruncated);

/** What a turn starts from and who asked for it. */
export interface Turn {
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

interface TurnDeps {
  chatRepo: ChatRepo;
  versionsRepo: VersionsRepo;
  logger: Logger;
  clock: () => Date;
  /** The process's drain: a turn still running when its grace ends is interrupted. */
  lifecycle?: Pick<Lifecycle, 'track'>;
}

/** Runs builder-chat turns: the model's answer streamed, stored for followers, then committed as a version. */
export function createTurnRunner({ chatRepo, versionsRepo, logger, clock, lifecycle }: TurnDeps) {
  /** The assistant messages this process's turns are writing (any other streaming one may be an orphan). */
  const runningHere = new Set<string>();

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
    const failed = (found: typeof issues): ChatAnnotation => ({
      versionId: baseVersionId ?? undefined,
      systemActionInfo: {
        // Cut-off output explains the failure: "Let's keep going" finishes it (and carries these actions).
        type: isTruncated ? 'truncated' : 'validation-failed',
        message: isTruncated
          ? MESSAGES.chat.truncated
          : `The changes were not applied: ${found.length === 1 ? 'one problem was' : `${found.length} problems were`} found`,
        issues: found.slice(0, 20).map((i) => ({ message: i.message, file: i.file, line: i.line })),
      },
    });
    if (issues.length) return failed(issues);
    const groupTitles = parsed.segments.flatMap((s) => (s.kind === 'group' ? [s.title] : [])).filter(Boolean);
    const records = Object.entries(applied.records).flatMap(([entity, rows]) => rows.map((data) => ({ entity, data })));
    let keptHandEdits: string[] = [];
    try {
      const version = await versionsRepo.createVersion({
        appId: app.id,
        snapshot: repaired.snapshot,
        appName: readManifest(repaired.snapshot).name ?? app.name,
        messageId,
        description: groupTitles.join('; ').slice(0, 500) || 'Changes from the chat',
        userRequest: userRequest.slice(0, 2000),
        records,
        // The builder may have edited the schema or files while the model wrote: those edits are kept (chat-rebase.ts).
        rebase: async (now) => {
          const remade = await remakeTurn(base, baseVersionId, { snapshot: repaired.snapshot, records }, now);
          keptHandEdits = remade?.keptHandEdits ?? [];
          return remade;
        },
      });
      const handEditsInfo: ChatAnnotation['systemActionInfo'] = keptHandEdits.length
        ? {
            type: 'hand-edits-kept',
            message: MESSAGES.chat.handEditsKept.replace('{files}', keptHandEdits.join(', ')),
            files: keptHandEdits,
          }
        : undefined;
      // A cut-off turn says so first: its Continue is what the builder needs next.
      return { versionId: version.id, systemActionInfo: truncatedInfo ?? handEditsInfo };
    } catch (err) {
      if (err instanceof RebaseFailed) return failed(err.issues);
      throw err;
    }
  }

  /**
   * A turn's model call and its stream to the caller, started at once. Its chunks are queued on the
   * returned queue (what createUIMessageStreamResponse would send, without its two transform
   * streams); nothing is stored until `admitted` says the limit checks passed, so a speculative
   * turn that is refused leaves no trace. The turn ends and is saved even if the caller goes away.
   */
  function startTurn(turn: Turn): TurnStream {
    const { app, builder, model, snapshot, version, incoming, userText } = turn;
    // The app's AI tools (App tools): its code can run them (docs/product/tools.md#app-tools).
    const tools = app.kind === 'generated' ? appToolsOf(app.definition) : [];
    // Aborted when the process's shutdown grace ends with the turn still running.
    const interruption = new AbortController();
    const answer = streamAnswer(model.create({ snapshot, tools }), {
      system: buildSystemPrompt({ snapshot, appName: app.name, tools }),
      messages: turn.history,
      abortSignal: AbortSignal.any([turn.abortSignal, interruption.signal]),
    });
    const assistantId = randomUUID();
    runningHere.add(assistantId);
    const untrack = lifecycle?.track(() => interruption.abort()) ?? (() => {});
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

    const events = createEventQueue<TurnChunk>();
    const emit = (chunk: UIMessageChunk) => events.push(chunk);

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
      // While the model thinks or pauses, the answer so far is still written now and then: it is
      // kept if the process dies, and the write tells other processes the turn is alive.
      let beating = Promise.resolve();
      const heartbeat = setInterval(() => {
        if (!storing) return;
        beating = beating
          .then(() => storing)
          .then(() => chatRepo.heartbeat(app.id, assistantId, [{ type: 'text', text }]))
          .catch(() => {});
      }, TURN_HEARTBEAT_MS);
      const stopHeartbeat = () => {
        clearInterval(heartbeat);
        return beating;
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
        await stopHeartbeat();
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
        await stopHeartbeat();
        const isInterrupted = interruption.signal.aborted;
        const isRateLimit = APICallError.isInstance(err) && err.statusCode === 429;
        const message = isInterrupted
          ? MESSAGES.chat.interrupted
          : isRateLimit
            ? MESSAGES.chat.rateLimited
            : MESSAGES.chat.failed;
        const failure = { appId: app.id, model: model.id, err: err instanceof Error ? err.message : String(err) };
        if (isInterrupted) logger.warn('chat turn interrupted by the shutdown', failure);
        else logger.error('chat turn failed', failure);
        const annotation: ChatAnnotation = {
          status: 'error',
          model: model.id,
          versionId: version?.id,
          systemActionInfo: { type: isInterrupted ? 'interrupted' : 'error', message },
        };
        await store().catch(() => {});
        await chatRepo
          .update(app.id, assistantId, { parts: [{ type: 'text', text }], annotations: [annotation], status: 'error' })
          .catch(() => {});
        await chatRepo.notify(app.id).catch(() => {});
        emit({ type: 'error', errorText: message });
      } finally {
        clearInterval(heartbeat);
        runningHere.delete(assistantId);
        untrack();
        events.push(UI_STREAM_DONE);
        events.close();
      }
    };
    void run();
    return events;
  }

  return { startTurn, runningHere: runningHere as ReadonlySet<string> };
}
