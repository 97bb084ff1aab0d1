import { describe, expect, it } from 'vitest';
import { createModelCatalog, OFFLINE_MODEL_ID, usageRecord } from './models';

describe('model catalogue', () => {
  it('offers only the offline app builder when nothing is configured', async () => {
    const catalog = createModelCatalog({});
    const models = await catalog.list();
    expect(models.map((m) => [m.id, m.isDefault])).toEqual([[OFFLINE_MODEL_ID, true]]);
    expect((await catalog.resolve()).id).toBe(OFFLINE_MODEL_ID);
    await expect(catalog.resolve('openai:gpt-4.1')).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('defaults to CHAT_MODEL when it names an offered model, else the first configured provider', async () => {
    const llm = { openai: { apiKey: 'k' }, anthropic: { apiKey: 'k' } };
    expect((await createModelCatalog(llm).resolve()).id).toBe('openai:gpt-4.1');
    expect((await createModelCatalog({ ...llm, chatModel: 'anthropic:claude-haiku-4-5' }).resolve()).id).toBe(
      'anthropic:claude-haiku-4-5',
    );
    expect((await createModelCatalog({ ...llm, chatModel: 'nope:x' }).resolve()).id).toBe('openai:gpt-4.1');
  });
});

describe('usage record', () => {
  it('costs input, cache reads and writes and output at the rates per 1M tokens', async () => {
    const model = await createModelCatalog({ anthropic: { apiKey: 'k' } }).resolve('anthropic:claude-sonnet-4-5');
    const usage = usageRecord(
      model,
      {
        inputTokens: { total: 1_200_000, noCache: 1_000_000, cacheRead: 100_000, cacheWrite: 100_000 },
        outputTokens: { total: 100_000, text: 100_000, reasoning: 0 },
      },
      'stop',
      new Date('2026-11-22T10:00:00Z'),
    );
    expect(usage.promptCost).toBeCloseTo(3);
    expect(usage.completionCost).toBeCloseTo(1.5);
    expect(usage.cacheReadCost).toBeCloseTo(0.03);
    expect(usage.cacheWriteCost).toBeCloseTo(0.375);
    expect(usage.totalCost).toBeCloseTo(4.905);
    expect(usage).toMatchObject({
      promptTokens: 1_200_000,
      completionTokens: 100_000,
      totalTokens: 1_300_000,
      finishReason: 'stop',
      timestamp: '2026-11-22T10:00:00.000Z',
    });
    expect(usage.modelInfo).toEqual({ model: 'anthropic:claude-sonnet-4-5', provider: 'anthropic' });
  });
});
