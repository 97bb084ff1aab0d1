import { randomUUID } from 'node:crypto';
import { APICallError } from '@ai-sdk/provider';
import type { UIMessageChunk } from 'ai';
import { buildSystemPrompt, parseActionText } from '@tessera/agent';
import type { AppSnapshot, ParsedAction } from '@tessera/agent';
import { MESSAGES } from '@tessera/contracts';
import { type SessionUser } from '@tessera/contracts/auth';
import { type ChatAnnotation } from '@tessera/contracts/chat';
import { createEventQueue, type EventQueue } from '../../platform/http/sse';
import { type ConversationMessage } from '../../platform/llm/answer-stream';
import { usageRecord, type ChatModel } from '../../platform/llm/models';
import type { Lifecycle } from '../../platform/lifecycle';
import type { Logger } from '../../platform/logger';
import { chatTokens, chatTurns, chatTurnsRunning } from '../../platform/metrics';
import type { AppRow } from '../apps/apps.repo';
import { appToolsOf } from '../tool-runs';
import type { VersionRow, VersionsRepo } from '../versions/versions.repo';
import { readManifest } from '../apps/app-manifest';
import { utcDay } from './chat-limits';
import { TURN_HEARTBEAT_MS } from './chat-orphans';
import { RebaseFailed, remakeTurn } from './chat-rebase';
import { refusalMessage, withoutBroken } from './chat-repair';
import { answerInSteps, messageParts, type StepPart, type StepsOutcome } from './chat-steps';
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
   * Makes the version of a turn whose steps are done (chat-steps.ts): what is still broken after
   * the last step goes back to how it was before the turn and is reported; the rest is kept. A
   * cut-off turn with problems makes no version: "Let's keep going" carries its actions on.
   */
  async function commitTurn(
    app: AppRow,
    base: AppSnapshot,
    baseVersionId: string | null,
    outcome: StepsOutcome,
    messageId: string,
    userRequest: string,
  ): Promise<ChatAnnotation> {
    const { problems, isTruncated } = outcome;
    const truncatedInfo: ChatAnnotation['systemActionInfo'] = isTruncated
      ? { type: 'truncated', message: MESSAGES.chat.truncated }
      : undefined;
    if (!outcome.hasActions) return { versionId: baseVersionId ?? undefined, systemActionInfo: truncatedInfo };
    const listed = (found: typeof problems) =>
      found.slice(0, 20).map((i) => ({ message: i.message, file: i.file, line: i.line }));
    const failed = (found: typeof problems, message: string): ChatAnnotation => ({
      versionId: baseVersionId ?? undefined,
      systemActionInfo: {
        // Cut-off output explains the failure: "Let's keep going" finishes it (and carries these actions).
        type: isTruncated ? 'truncated' : 'validation-failed',
        message: isTruncated ? MESSAGES.chat.truncated : message,
        issues: listed(found),
      },
    });
    if (problems.length && isTruncated) return failed(problems, MESSAGES.chat.truncated);
    const kept = problems.length ? await withoutBroken(base, outcome.state, problems, outcome.before) : outcome.state;
    if (!kept) return failed(problems, refusalMessage(problems, false));
    const refusedInfo: ChatAnnotation['systemActionInfo'] = problems.length
      ? { type: 'validation-failed', message: refusalMessage(problems, true), issues: listed(problems) }
      : undefined;
    const records = Object.entries(kept.records).flatMap(([entity, rows]) => rows.map((data) => ({ entity, data })));
    let keptHandEdits: string[] = [];
    try {
      const version = await versionsRepo.createVersion({
        appId: app.id,
        snapshot: kept.snapshot,
        appName: readManifest(kept.snapshot).name ?? app.name,
        messageId,
        description: outcome.groupTitles.join('; ').slice(0, 500) || 'Changes from the chat',
        userRequest: userRequest.slice(0, 2000),
        records,
        // The builder may have edited the schema or files while the model wrote: those edits are kept (chat-rebase.ts).
        rebase: async (now) => {
          const remade = await remakeTurn(base, baseVersionId, { snapshot: kept.snapshot, records }, now);
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
      // A cut-off turn says so first: its Continue is what the builder needs next; then what was refused.
      return { versionId: version.id, systemActionInfo: truncatedInfo ?? refusedInfo ?? handEditsInfo };
    } catch (err) {
      if (err instanceof RebaseFailed) return failed(err.issues, refusalMessage(err.issues, false));
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
    const answer = answerInSteps({
      model: model.create({ snapshot, tools }),
      system: buildSystemPrompt({ snapshot, appName: app.name, tools }),
      history: turn.history,
      abortSignal: AbortSignal.any([turn.abortSignal, interruption.signal]),
      base: snapshot,
      carried: turn.carried,
    });
    const assistantId = randomUUID();
    runningHere.add(assistantId);
    chatTurnsRunning.inc();
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
      const written = messageParts();
      let isStoreScheduled = false;
      // The first text write waits an interval too: nothing delays the first token.
      let flushedAt = Date.now();
      const flush = async () => {
        if (Date.now() - flushedAt < FLUSH_INTERVAL_MS) return;
        await store();
        flushedAt = Date.now();
        await chatRepo.update(app.id, assistantId, { parts: written.parts() });
        await chatRepo.notify(app.id);
      };
      // While the model thinks or pauses, the answer so far is still written now and then: it is
      // kept if the process dies, and the write tells other processes the turn is alive.
      let beating = Promise.resolve();
      const heartbeat = setInterval(() => {
        if (!storing) return;
        beating = beating
          .then(() => storing)
          .then(() => chatRepo.heartbeat(app.id, assistantId, written.parts()))
          .catch(() => {});
      }, TURN_HEARTBEAT_MS);
      const stopHeartbeat = () => {
        clearInterval(heartbeat);
        return beating;
      };
      emit({ type: 'start', messageId: assistantId, messageMetadata: startedAnnotation });
      try {
        let end: Extract<StepPart, { type: 'finish' }> | undefined;
        for await (const part of answer) {
          if (part.type === 'finish') {
            end = part;
            continue;
          }
          const { chunk } = part;
          emit(chunk);
          written.add(chunk);
          if (chunk.type === 'text-delta') {
            // Stored once the first token is out (written to the socket as it was emitted).
            if (!isStoreScheduled) setImmediate(() => void store().catch(() => {}));
            isStoreScheduled = true;
            await flush();
          }
        }
        await store();
        await stopHeartbeat();
        // answerInSteps ends with its finish part (or throws).
        const { usage, finishReason, outcome } = end!;
        const committed = await commitTurn(app, snapshot, version?.id ?? null, outcome, assistantId, userText);
        const annotation: ChatAnnotation = {
          ...committed,
          status: 'complete',
          model: model.id,
          usage: usageRecord(model, usage, finishReason, clock()),
        };
        await chatRepo.update(app.id, assistantId, {
          parts: written.parts(),
          annotations: [annotation],
          status: 'complete',
        });
        await chatRepo.addCost(builder.id, utcDay(clock()), annotation.usage!.totalCost);
        await chatRepo.notify(app.id);
        emit({ type: 'message-metadata', messageMetadata: annotation });
        chatTurns.inc({ outcome: 'complete' });
        chatTokens.inc({ kind: 'prompt' }, annotation.usage!.promptTokens);
        chatTokens.inc({ kind: 'completion' }, annotation.usage!.completionTokens);
        emit({ type: 'finish', messageMetadata: annotation });
      } catch (err) {
        // A refused turn was aborted by `send`, which answered with the refusal.
        if (!(await turn.admitted)) return;
        await stopHeartbeat();
        const isInterrupted = interruption.signal.aborted;
        chatTurns.inc({ outcome: isInterrupted ? 'interrupted' : 'error' });
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
          .update(app.id, assistantId, { parts: written.parts(), annotations: [annotation], status: 'error' })
          .catch(() => {});
        await chatRepo.notify(app.id).catch(() => {});
        emit({ type: 'error', errorText: message });
      } finally {
        clearInterval(heartbeat);
        runningHere.delete(assistantId);
        chatTurnsRunning.dec();
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
