import type { Usage } from '@tessera/contracts/chat';

/** Dollars with enough digits for fractions of a cent. */
export function formatCost(usd: number): string {
  if (usd === 0) return '$0';
  if (usd < 0.01) return `$${usd.toFixed(4)}`;
  return `$${usd.toFixed(usd < 1 ? 3 : 2)}`;
}

/** Token counts: 1234 -> "1,234". */
export const formatTokens = (n: number) => n.toLocaleString('en-US');

/** The one line admins see under a reply ("1,500 tokens · $0.0036"); null when it cost nothing (offline model). */
export function usageSummary(usage: Usage): string | null {
  if (usage.totalCost <= 0) return null;
  return `${formatTokens(usage.totalTokens)} tokens · ${formatCost(usage.totalCost)}`;
}

/** The usage rows of a reply, opened from its summary (docs/product/editor-and-chat.md#limits): the kinds used (input, cache read, cache write, output), total. */
export function usageRows(
  usage: Usage,
): Array<{ label: string; tokens: number | null; cost: number; rate: number | null }> {
  const rows = [
    { label: 'Input', tokens: usage.promptTokens, cost: usage.promptCost, rate: usage.rates.input },
    { label: 'Cache read', tokens: usage.cacheReadTokens, cost: usage.cacheReadCost, rate: usage.rates.cacheRead },
    { label: 'Cache write', tokens: usage.cacheWriteTokens, cost: usage.cacheWriteCost, rate: usage.rates.cacheWrite },
    { label: 'Output', tokens: usage.completionTokens, cost: usage.completionCost, rate: usage.rates.output },
    { label: 'Total', tokens: usage.totalTokens, cost: usage.totalCost, rate: null },
  ];
  return rows.filter((row) => row.label === 'Total' || row.tokens || row.cost);
}

/** A rate per 1M tokens: "$3 / 1M". */
export const formatRate = (usdPerMillion: number) => `${formatCost(usdPerMillion)} / 1M`;
