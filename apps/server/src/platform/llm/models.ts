import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV4, LanguageModelV4Usage } from '@ai-sdk/provider';
import { createOfflineAppBuilderModel, type AppSnapshot, type AppToolBrief } from '@tessera/agent';
import type { ChatModelOption, Usage } from '@tessera/contracts/chat';
import type { LlmConfig } from '../config';
import { AppError } from '../errors';

/** USD per 1M tokens. */
export interface Rates {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

export interface ChatModel extends ChatModelOption {
  rates: Rates;
  /** The model for one turn; the offline builder reads the app it is changing and its AI tools. */
  create(context: { snapshot: AppSnapshot; tools?: AppToolBrief[] }): LanguageModelV4;
}

const FREE: Rates = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
// List prices of the models we offer by name; a model we do not know is costed at zero and says so in its label.
const OPENAI_MODELS: Array<[string, string, Rates]> = [
  ['gpt-4.1', 'GPT-4.1', { input: 2, output: 8, cacheRead: 0.5, cacheWrite: 0 }],
  ['gpt-4.1-mini', 'GPT-4.1 mini', { input: 0.4, output: 1.6, cacheRead: 0.1, cacheWrite: 0 }],
  ['gpt-4o', 'GPT-4o', { input: 2.5, output: 10, cacheRead: 1.25, cacheWrite: 0 }],
];
const ANTHROPIC_MODELS: Array<[string, string, Rates]> = [
  ['claude-sonnet-4-5', 'Claude Sonnet 4.5', { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 }],
  ['claude-haiku-4-5', 'Claude Haiku 4.5', { input: 1, output: 5, cacheRead: 0.1, cacheWrite: 1.25 }],
];

export const OFFLINE_MODEL_ID = 'offline:app-builder';
/**
 * The offline answer model (`@tessera/agent` createOfflineAnswerModel): what tool runs and
 * `Core.InvokeLLM` use where the catalogue's choice is the offline app builder (no provider).
 */
export const OFFLINE_ANSWER_MODEL = { id: 'offline:answer', label: 'Tessera offline answer model' } as const;
const MODEL_LIST_TTL_MS = 5 * 60_000;
const MODEL_LIST_TIMEOUT_MS = 3_000;

/**
 * The chat models this server offers: the offline app builder always, plus each configured
 * provider's models. The default is CHAT_MODEL, else the first configured provider, else offline.
 */
export function createModelCatalog(llm: LlmConfig) {
  // A provider's model object builds its response schemas when it is made (~0.5 ms, and their
  // first parse compiles them): one per model id, reused by every turn (they hold no state).
  const instances = new Map<string, LanguageModelV4>();
  const reused = (id: string, make: () => LanguageModelV4) => () => {
    let model = instances.get(id);
    if (!model) instances.set(id, (model = make()));
    return model;
  };
  const fixed: ChatModel[] = [];
  if (llm.openai) {
    const openai = createOpenAI({ apiKey: llm.openai.apiKey, baseURL: llm.openai.baseUrl });
    for (const [id, label, rates] of OPENAI_MODELS)
      fixed.push({
        id: `openai:${id}`,
        label,
        provider: 'openai',
        rates,
        isDefault: false,
        create: reused(`openai:${id}`, () => openai(id)),
      });
  }
  if (llm.anthropic) {
    const anthropic = createAnthropic({ apiKey: llm.anthropic.apiKey, baseURL: llm.anthropic.baseUrl });
    for (const [id, label, rates] of ANTHROPIC_MODELS)
      fixed.push({
        id: `anthropic:${id}`,
        label,
        provider: 'anthropic',
        rates,
        isDefault: false,
        create: reused(`anthropic:${id}`, () => anthropic(id)),
      });
  }
  const compatible = llm.compatible
    ? createOpenAICompatible({
        name: 'compatible',
        baseURL: llm.compatible.baseUrl,
        apiKey: llm.compatible.apiKey,
        includeUsage: true,
      })
    : null;
  const compatibleModel = (id: string): ChatModel => ({
    id: `compatible:${id}`,
    label: id,
    provider: 'compatible',
    rates: FREE,
    isDefault: false,
    create: reused(`compatible:${id}`, () => compatible!(id)),
  });
  const offline: ChatModel = {
    id: OFFLINE_MODEL_ID,
    label: 'Tessera offline app builder',
    provider: 'offline',
    rates: FREE,
    isDefault: false,
    create: ({ snapshot, tools }) => createOfflineAppBuilderModel({ snapshot, tools }),
  };

  let listed: { at: number; ids: string[] } | null = null;
  /** The compatible server's own model list (GET {base}/models), cached; empty when unreachable. */
  async function compatibleIds(): Promise<string[]> {
    if (!llm.compatible) return [];
    if (listed && Date.now() - listed.at < MODEL_LIST_TTL_MS) return listed.ids;
    let ids: string[] = [];
    try {
      // The operator configured this server (often Ollama on loopback), so it is not an SSRF target.
      const res = await fetch(`${llm.compatible.baseUrl.replace(/\/+$/, '')}/models`, {
        headers: llm.compatible.apiKey ? { authorization: `Bearer ${llm.compatible.apiKey}` } : {},
        signal: AbortSignal.timeout(MODEL_LIST_TIMEOUT_MS),
      });
      if (res.ok) {
        const body = (await res.json()) as { data?: Array<{ id?: unknown }> };
        ids = (body.data ?? [])
          .map((m) => m.id)
          .filter((id): id is string => typeof id === 'string' && id.length > 0 && id.length <= 200);
      }
    } catch {
      ids = [];
    }
    listed = { at: Date.now(), ids };
    return ids;
  }

  async function list(): Promise<ChatModel[]> {
    const ids = new Set(await compatibleIds());
    if (llm.compatible?.model) ids.add(llm.compatible.model);
    const all = [
      ...(llm.compatible?.model ? [compatibleModel(llm.compatible.model)] : []),
      ...fixed,
      ...[...ids].filter((id) => id !== llm.compatible?.model).map(compatibleModel),
      offline,
    ];
    const defaultId = llm.chatModel && all.some((m) => m.id === llm.chatModel) ? llm.chatModel : all[0]!.id;
    return all.map((m) => ({ ...m, isDefault: m.id === defaultId }));
  }

  /** The default model when it is known without asking the compatible server for its list. */
  function knownDefault(): ChatModel | undefined {
    const known = [...(llm.compatible?.model ? [compatibleModel(llm.compatible.model)] : []), ...fixed];
    if (llm.chatModel) return [...known, offline].find((m) => m.id === llm.chatModel);
    return known[0] ?? (llm.compatible ? undefined : offline);
  }

  return {
    list,
    /** The model with this id (admins choose), or the default; an unknown id is a 400. */
    async resolve(id?: string): Promise<ChatModel> {
      // The default is on every chat call's path to the first token: no listing round trip for it.
      const quick = id ? undefined : knownDefault();
      if (quick) return { ...quick, isDefault: true };
      const all = await list();
      const model = id ? all.find((m) => m.id === id) : all.find((m) => m.isDefault);
      if (!model) throw new AppError('BAD_REQUEST', `Unknown model "${id}"`);
      return model;
    },
  };
}

export type ModelCatalog = ReturnType<typeof createModelCatalog>;

/** The spec's usage record for one turn, costed at the model's rates per 1M tokens. */
export function usageRecord(model: ChatModel, usage: LanguageModelV4Usage, finishReason: string, now: Date): Usage {
  const cacheRead = usage.inputTokens.cacheRead ?? 0;
  const cacheWrite = usage.inputTokens.cacheWrite ?? 0;
  const input = usage.inputTokens.total ?? 0;
  const uncachedInput = usage.inputTokens.noCache ?? Math.max(0, input - cacheRead - cacheWrite);
  const output = usage.outputTokens.total ?? 0;
  const cost = (tokens: number, rate: number) => (tokens * rate) / 1_000_000;
  const promptCost = cost(uncachedInput, model.rates.input);
  const completionCost = cost(output, model.rates.output);
  const cacheReadCost = cost(cacheRead, model.rates.cacheRead);
  const cacheWriteCost = cost(cacheWrite, model.rates.cacheWrite);
  return {
    promptTokens: input,
    promptCost,
    completionTokens: output,
    completionCost,
    totalTokens: input + output,
    totalCost: promptCost + completionCost + cacheReadCost + cacheWriteCost,
    cacheReadTokens: cacheRead,
    cacheWriteTokens: cacheWrite,
    cacheReadCost,
    cacheWriteCost,
    rates: model.rates,
    modelInfo: { model: model.id, provider: model.provider },
    finishReason,
    timestamp: now.toISOString(),
  };
}
