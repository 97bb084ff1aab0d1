import type { LanguageModelV4, LanguageModelV4Usage } from '@ai-sdk/provider';
import type { UIMessageChunk } from 'ai';
import {
  parseActionText,
  validateSnapshot,
  type AppSnapshot,
  type ParsedAction,
  type ValidationIssue,
} from '@tessera/agent';
import { CHAT_MAX_OUTPUT_TOKENS, CHAT_MAX_STEPS, CHAT_REPAIR_PART, type ChatRepairStep } from '@tessera/contracts/chat';
import { streamAnswer, type AnswerPart, type ConversationMessage } from '../../platform/llm/answer-stream';
import { applyStep, repairRequest, stillOpen, type TurnState } from './chat-repair';

/** How a turn's steps ended: what they built, and what is still broken after the last one. */
export interface StepsOutcome {
  state: TurnState;
  /** Errors the turn brought that the last step left (action errors and the snapshot's own). */
  problems: ValidationIssue[];
  /** The provider stopped at the output budget, or an action has no closing tag. */
  isTruncated: boolean;
  hasActions: boolean;
  groupTitles: string[];
  /** Problems the app had before the turn: neither repaired nor refused. */
  before: Promise<ValidationIssue[]>;
}

export type StepPart =
  | Extract<AnswerPart, { type: 'chunk' }>
  | { type: 'finish'; usage: LanguageModelV4Usage; finishReason: string; outcome: StepsOutcome };

export interface StepsInput {
  model: LanguageModelV4;
  system: string;
  history: ConversationMessage[];
  abortSignal: AbortSignal;
  base: AppSnapshot;
  /** Complete actions of a cut-off turn that made no version: applied before this turn's own. */
  carried: ParsedAction[];
}

const add = (a: number | undefined, b: number | undefined) =>
  a === undefined && b === undefined ? undefined : (a ?? 0) + (b ?? 0);

/** Token counts of several model calls, added up. */
export function sumUsage(a: LanguageModelV4Usage, b: LanguageModelV4Usage): LanguageModelV4Usage {
  return {
    inputTokens: {
      total: add(a.inputTokens.total, b.inputTokens.total),
      noCache: add(a.inputTokens.noCache, b.inputTokens.noCache),
      cacheRead: add(a.inputTokens.cacheRead, b.inputTokens.cacheRead),
      cacheWrite: add(a.inputTokens.cacheWrite, b.inputTokens.cacheWrite),
    },
    outputTokens: {
      total: add(a.outputTokens.total, b.outputTokens.total),
      text: add(a.outputTokens.text, b.outputTokens.text),
      reasoning: add(a.outputTokens.reasoning, b.outputTokens.reasoning),
    },
  };
}

/**
 * A chat turn's model calls (docs/product/editor-and-chat.md#states-and-transitions): the answer,
 * then while validation finds problems the turn brought — and the answer was not cut off — a repair
 * request with those problems and the files as they are now, up to CHAT_MAX_STEPS calls in all.
 * Every call's text streams on as it comes; a `data-repair` chunk marks where a repair step starts.
 */
export async function* answerInSteps(input: StepsInput): AsyncGenerator<StepPart> {
  const before = validateSnapshot(input.base);
  before.catch(() => {});
  let state: TurnState = { snapshot: input.base, records: {} };
  let messages = input.history;
  let usage: LanguageModelV4Usage | undefined;
  let open: ValidationIssue[] = [];
  const groupTitles: string[] = [];
  let hasActions = false;
  for (let step = 1; ; step++) {
    let text = '';
    let end: Extract<AnswerPart, { type: 'finish' }> | undefined;
    for await (const part of streamAnswer(input.model, {
      system: input.system,
      messages,
      abortSignal: input.abortSignal,
      maxOutputTokens: CHAT_MAX_OUTPUT_TOKENS,
    })) {
      if (part.type === 'finish') end = part;
      else {
        if (part.chunk.type === 'text-delta') text += part.chunk.delta;
        yield part;
      }
    }
    usage = usage ? sumUsage(usage, end!.usage) : end!.usage;
    const parsed = parseActionText(text, { isFinal: true });
    const actions = parsed.actions.filter((a) => a.isComplete && !a.isTruncated);
    groupTitles.push(...parsed.segments.flatMap((s) => (s.kind === 'group' && s.title ? [s.title] : [])));
    const isTruncated = end!.finishReason === 'length' || parsed.actions.some((a) => a.isTruncated);
    const own = step === 1 ? [...input.carried, ...actions] : actions;
    hasActions ||= own.length > 0;
    const result = await applyStep(state, own, before);
    state = result.state;
    open = [...stillOpen(open, own), ...result.actionIssues];
    const problems = [...open, ...result.snapshotIssues];
    if (!problems.length || isTruncated || step >= CHAT_MAX_STEPS) {
      yield {
        type: 'finish',
        usage,
        finishReason: end!.finishReason,
        outcome: { state, problems, isTruncated, hasActions, groupTitles, before },
      };
      return;
    }
    const repair: ChatRepairStep = {
      step: step + 1,
      maxSteps: CHAT_MAX_STEPS,
      issues: problems.slice(0, 20).map((i) => ({ message: i.message, file: i.file, line: i.line })),
    };
    yield { type: 'chunk', chunk: { type: CHAT_REPAIR_PART, data: repair } as UIMessageChunk };
    messages = [
      ...messages,
      { role: 'assistant', content: text },
      { role: 'user', content: repairRequest(problems, state.snapshot) },
    ];
  }
}

/**
 * The parts of the assistant message as its chunks arrive: one text part per model call, with the
 * `data-repair` part of each repair step between them (what the chat shows and stores).
 */
export function messageParts() {
  const parts: Array<{ type: 'text'; text: string } | { type: typeof CHAT_REPAIR_PART; data: ChatRepairStep }> = [];
  return {
    add(chunk: UIMessageChunk) {
      if (chunk.type === 'text-delta') {
        const last = parts.at(-1);
        if (last?.type === 'text') last.text += chunk.delta;
        else parts.push({ type: 'text', text: chunk.delta });
      } else if (chunk.type === CHAT_REPAIR_PART) {
        parts.push({ type: CHAT_REPAIR_PART, data: (chunk as { data: ChatRepairStep }).data });
      }
    },
    /** A copy: the caller may store it while more chunks arrive. */
    parts: () => parts.map((p) => ({ ...p })),
  };
}
