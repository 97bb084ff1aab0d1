import {
  ContextCountEventSchema,
  ContextItemEventSchema,
  type ListContextItemsResponse,
} from '@tessera/contracts/context';
import type { SseEvent } from '../../../shared/api';

/** What one live event does to the cached list: a new list to store, a refetch, or nothing. */
export type LiveEventEffect =
  { kind: 'replace'; data: ListContextItemsResponse } | { kind: 'refresh' } | { kind: 'none' };

function parseJson(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return null;
  }
}

/**
 * Applies one event of `GET /api/context/items/events` to the cached list (docs/product/data-sources.md#states-and-transitions): `item`
 * replaces that item in place (status, chunks, progress); an item the list does not have yet, a
 * changed item `count`, or `ready` (changes between the list fetch and the subscription) refetch
 * the list. Malformed events change nothing.
 */
export function applyLiveEvent(data: ListContextItemsResponse | undefined, event: SseEvent): LiveEventEffect {
  if (event.event === 'ready') return { kind: 'refresh' };
  if (event.event === 'item') {
    const parsed = ContextItemEventSchema.safeParse(parseJson(event.data));
    if (!parsed.success) return { kind: 'none' };
    const next = parsed.data.contextItem;
    if (!data || !data.contextItems.some((item) => item.id === next.id)) return { kind: 'refresh' };
    return {
      kind: 'replace',
      data: { ...data, contextItems: data.contextItems.map((item) => (item.id === next.id ? next : item)) },
    };
  }
  if (event.event === 'count') {
    const parsed = ContextCountEventSchema.safeParse(parseJson(event.data));
    if (!parsed.success) return { kind: 'none' };
    return parsed.data.count === data?.contextItems.length ? { kind: 'none' } : { kind: 'refresh' };
  }
  return { kind: 'none' };
}
