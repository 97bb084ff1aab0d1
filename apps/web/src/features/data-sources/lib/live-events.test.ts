import { describe, expect, it } from 'vitest';
import type { ContextItem, ListContextItemsResponse } from '@tessera/contracts/context';
import { applyLiveEvent } from './live-events';

const item = (id: string, overrides: Partial<ContextItem> = {}): ContextItem => ({
  id,
  appId: 'app-1',
  name: `${id}.csv`,
  type: 'csv',
  source: 'local_files',
  provider: 'tessera',
  providerItemId: null,
  externalFileId: null,
  externalFileUrl: null,
  status: 'pending',
  errorReason: null,
  size: 120,
  numOfChunks: 0,
  originalContextItemId: null,
  createdAt: '2026-11-22T04:00:00.000Z',
  lastSyncedAt: null,
  progress: null,
  ...overrides,
});

const list = (...items: ContextItem[]): ListContextItemsResponse => ({
  contextItems: items,
  hasReachedDataLimit: false,
});
const event = (name: string, data: unknown) => ({
  event: name,
  data: typeof data === 'string' ? data : JSON.stringify(data),
});

describe('applyLiveEvent', () => {
  it('moves a known item to its new status in place, leaving the others alone', () => {
    const before = list(item('a'), item('b', { status: 'synced', numOfChunks: 3 }));
    const synced = item('a', { status: 'synced', numOfChunks: 4, lastSyncedAt: '2026-11-22T04:00:05.000Z' });
    const effect = applyLiveEvent(before, event('item', { contextItem: synced }));
    expect(effect).toEqual({ kind: 'replace', data: list(synced, before.contextItems[1]!) });
  });

  it('carries scraper progress', () => {
    const running = item('w', {
      type: 'web_page',
      source: 'web_scraper',
      status: 'running',
      progress: { done: 3, total: 20 },
    });
    const effect = applyLiveEvent(
      list(item('w', { type: 'web_page', source: 'web_scraper' })),
      event('item', { contextItem: running }),
    );
    expect(effect.kind === 'replace' && effect.data.contextItems[0]!.progress).toEqual({ done: 3, total: 20 });
  });

  it('refetches for an item the list does not know, on ready, and when the count changed', () => {
    expect(applyLiveEvent(list(item('a')), event('item', { contextItem: item('new') }))).toEqual({ kind: 'refresh' });
    expect(applyLiveEvent(undefined, event('item', { contextItem: item('a') }))).toEqual({ kind: 'refresh' });
    expect(applyLiveEvent(list(item('a')), event('ready', { appId: 'app-1' }))).toEqual({ kind: 'refresh' });
    expect(applyLiveEvent(list(item('a')), event('count', { count: 2 }))).toEqual({ kind: 'refresh' });
    expect(applyLiveEvent(list(item('a')), event('count', { count: 1 }))).toEqual({ kind: 'none' });
  });

  it('ignores malformed and unknown events', () => {
    expect(applyLiveEvent(list(item('a')), event('item', '{not json'))).toEqual({ kind: 'none' });
    expect(applyLiveEvent(list(item('a')), event('item', { contextItem: { id: 'a' } }))).toEqual({ kind: 'none' });
    expect(applyLiveEvent(list(item('a')), event('count', { count: -1 }))).toEqual({ kind: 'none' });
    expect(applyLiveEvent(list(item('a')), event('message', 'hello'))).toEqual({ kind: 'none' });
  });
});
