import { createOfflineAnswerModel, writeGroundedAnswer } from '@tessera/agent';
import { type RetrievedChunk } from '@tessera/contracts/context';
import {
  TOOL_RUN_MESSAGES,
  type ToolFieldValue,
  type ToolRunEvent,
  type ToolRunModel,
  type ToolRunSource,
} from '@tessera/contracts/tool-runs';
import { type Tool } from '@tessera/contracts/tools';
import type { LanguageModelV4 } from '@ai-sdk/provider';
import type { Logger } from '../../platform/logger';
import { toolRuns } from '../../platform/metrics';
import { streamAnswer } from '../../platform/llm/answer-stream';
import { OFFLINE_ANSWER_MODEL, usageRecord, type ChatModel } from '../../platform/llm/models';
import { contextOf, type RetrievalService } from '../retrieval';
import { fillInstructions, filterCsvRows, questionOf, retrievalQuery, runPrompt, type RunField } from './run-prompt';
import type { ToolRunsRepo } from './tool-runs.repo';

export type RunModel = { kind: 'offline' } | { kind: 'provider'; model: ChatModel };

/** Chunks retrieved per run (before smart filtering and the prompt's size cap). */
export const RUN_CHUNKS = 10;
/** Characters of a source's excerpt in the run's events and record. */
const EXCERPT_CHARS = 280;
const NO_SNAPSHOT = { snapshot: { files: {}, entities: {} } };

export interface AnswerRunInput {
  runId: string;
  appId: string;
  tool: Pick<Tool, 'title' | 'instructions' | 'dataItems'>;
  fields: RunField[];
  values: Record<string, ToolFieldValue>;
  settings: { temperature: number; smartFiltering: boolean };
  model: RunModel;
  newVisitorToken: string | null;
  left: { creditsLeft: number | null; runsLeft: { today: number; thisWeek: number } };
  /** The run's retrieval (`retrieveForRun`), started while the run was being checked and counted. */
  retrieved: Promise<RetrievedChunk[]>;
  deps: { repo: ToolRunsRepo; logger: Logger };
}

/**
 * Search-similar for a run: hybrid retrieval over the tool's data items, queried with the field
 * values and then the instructions (tags filled).
 */
export function retrieveForRun(
  retrieval: Pick<RetrievalService, 'searchSimilar'>,
  input: Pick<AnswerRunInput, 'appId' | 'tool' | 'fields' | 'values'>,
): Promise<RetrievedChunk[]> {
  const itemIds = input.tool.dataItems.map((d) => d.contextItemId);
  if (!itemIds.length) return Promise.resolve([]);
  return retrieval.searchSimilar({
    appId: input.appId,
    query: retrievalQuery(input.fields, input.values, fillInstructions(input.tool.instructions, input.values)),
    itemIds,
    limit: RUN_CHUNKS,
  });
}

/** One source per data item used, with the start of its best chunk. */
function sourcesOf(chunks: RetrievedChunk[]): ToolRunSource[] {
  const byItem = new Map<string, ToolRunSource>();
  for (const c of chunks)
    if (!byItem.has(c.contextItem.id))
      byItem.set(c.contextItem.id, {
        contextItemId: c.contextItem.id,
        name: c.contextItem.name,
        excerpt: c.content.length > EXCERPT_CHARS ? `${c.content.slice(0, EXCERPT_CHARS).trimEnd()}…` : c.content,
      });
  return [...byItem.values()];
}

/**
 * One run's events (ToolRunEvent): search-similar (hybrid retrieval over the tool's data items,
 * queried with the field values and instructions), query-context (smart items filtering, the
 * context block), generate (the model's answer streamed), then done with the record written, or
 * error with the credits given back. A caller that goes away ends the run as failed.
 */
export async function* answerRun(input: AnswerRunInput): AsyncGenerator<ToolRunEvent> {
  const { runId, fields, values, model, deps } = input;
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const offline = model.kind === 'offline';
  const modelInfo: ToolRunModel = offline
    ? { ...OFFLINE_ANSWER_MODEL, offline: true }
    : { id: model.model.id, label: model.model.label, offline: false };
  let ended = false;
  try {
    yield {
      type: 'run',
      runId,
      model: modelInfo,
      ...(input.newVisitorToken ? { visitorToken: input.newVisitorToken } : {}),
    };

    yield { type: 'status', step: 'search-similar' };
    const instructions = fillInstructions(input.tool.instructions, values);
    let chunks = await input.retrieved;

    yield { type: 'status', step: 'query-context' };
    if (input.settings.smartFiltering) chunks = filterCsvRows(chunks, fields, values);
    const { context, chunks: used } = contextOf(chunks);
    const prompt = runPrompt({ title: input.tool.title, instructions, context, fields, values });
    let answerModel: LanguageModelV4;
    let sources: ToolRunSource[];
    if (offline) {
      const answer = writeGroundedAnswer({
        question: questionOf(fields, values),
        instructions,
        hasData: input.tool.dataItems.length > 0,
        chunks: used.map((c) => ({
          contextItemId: c.contextItem.id,
          sourceName: c.contextItem.name,
          content: c.content,
        })),
      });
      sources = answer.sources;
      answerModel = createOfflineAnswerModel(answer);
    } else {
      sources = sourcesOf(used);
      answerModel = model.model.create(NO_SNAPSHOT);
    }
    yield { type: 'sources', sources };

    yield { type: 'status', step: 'generate' };
    let text = '';
    let usage = { promptTokens: 0, completionTokens: 0, cost: 0 };
    for await (const part of streamAnswer(answerModel, {
      system: prompt.system,
      messages: [{ role: 'user', content: prompt.user }],
      temperature: input.settings.temperature,
      maxRetries: 1,
    })) {
      if (part.type === 'chunk') {
        if (part.chunk.type === 'text-delta' && part.chunk.delta) {
          text += part.chunk.delta;
          yield { type: 'delta', text: part.chunk.delta };
        }
        continue;
      }
      const tokens = {
        promptTokens: part.usage.inputTokens.total ?? 0,
        completionTokens: part.usage.outputTokens.total ?? 0,
      };
      usage = offline
        ? { ...tokens, cost: 0 }
        : { ...tokens, cost: usageRecord(model.model, part.usage, part.finishReason, new Date()).totalCost };
    }
    await deps.repo.finishRun(runId, { result: text, resultJson: null, sources, ...usage, durationMs: elapsed() });
    ended = true;
    toolRuns.inc({ outcome: 'complete' });
    yield { type: 'done', runId, result: text, sources, ...input.left, usage };
  } catch (err) {
    if (!ended) {
      ended = true;
      await deps.repo.failRun(runId, String(err instanceof Error ? err.message : err), elapsed()).catch(() => null);
      toolRuns.inc({ outcome: 'failed' });
      deps.logger.warn('tool run failed', { runId, err: String(err) });
      yield { type: 'error', runId, code: 'RUN_FAILED', message: TOOL_RUN_MESSAGES.runFailed };
    }
  } finally {
    // The caller went away mid-run: the run ends as failed and its credits come back.
    if (!ended) {
      await deps.repo.failRun(runId, 'cancelled', elapsed()).catch(() => null);
      toolRuns.inc({ outcome: 'cancelled' });
    }
  }
}
