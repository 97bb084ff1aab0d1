import { describe, expect, it } from 'vitest';
import type { Usage } from '@tessera/contracts/chat';
import { usageRows, usageSummary } from './usage';

const usage = (cost: number): Usage =>
  ({
    promptTokens: 1200,
    cacheReadTokens: 0,
    cacheWriteTokens: 0,
    completionTokens: 300,
    totalTokens: 1500,
    promptCost: cost,
    cacheReadCost: 0,
    cacheWriteCost: 0,
    completionCost: 0,
    totalCost: cost,
    rates: { input: cost ? 3 : 0, cacheRead: 0, cacheWrite: 0, output: 0 },
  }) as Usage;

describe('usage under a reply', () => {
  it('is a one-line summary, and nothing for a reply that cost nothing (offline model)', () => {
    expect(usageSummary(usage(0))).toBeNull();
    expect(usageSummary(usage(0.0036))).toBe('1,500 tokens · $0.0036');
  });

  it('details only the kinds that were used', () => {
    expect(usageRows(usage(0.0036)).map((r) => r.label)).toEqual(['Input', 'Output', 'Total']);
  });
});
