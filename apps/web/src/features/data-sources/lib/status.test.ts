import { describe, expect, it } from 'vitest';
import { CONTEXT_ITEM_STATUSES } from '@tessera/contracts/context';
import { hasLiveItems, hasStatusReason, isLiveStatus, statusLabel, statusTone } from './status';

describe('statusLabel', () => {
  it('maps every status to the label of docs/product/data-sources.md#states-and-transitions', () => {
    expect(Object.fromEntries(CONTEXT_ITEM_STATUSES.map((s) => [s, statusLabel(s)]))).toEqual({
      unsynced: 'Pending',
      pending: 'Pending',
      running: 'Syncing...',
      synced: 'Synced',
      error: 'Error',
      usage_limit_reached: 'Usage limit reached',
    });
  });

  it('gives errors and limits a warning colour, synced a success colour', () => {
    expect(statusTone('error')).toBe('danger');
    expect(statusTone('usage_limit_reached')).toBe('warning');
    expect(statusTone('synced')).toBe('success');
    expect(statusTone('running')).toBe('brand');
  });
});

describe('live statuses', () => {
  it('are unsynced, pending and running only', () => {
    expect(CONTEXT_ITEM_STATUSES.filter(isLiveStatus)).toEqual(['unsynced', 'pending', 'running']);
  });

  it('keep the subscription open while any item is live', () => {
    expect(hasLiveItems([])).toBe(false);
    expect(hasLiveItems([{ status: 'synced' }, { status: 'error' }, { status: 'usage_limit_reached' }])).toBe(false);
    expect(hasLiveItems([{ status: 'synced' }, { status: 'unsynced' }])).toBe(true);
    expect(hasLiveItems([{ status: 'running' }])).toBe(true);
  });
});

describe('hasStatusReason', () => {
  it('is true for an error or a limit with a reason', () => {
    expect(hasStatusReason({ status: 'error', errorReason: 'No text could be found in this file' })).toBe(true);
    expect(hasStatusReason({ status: 'usage_limit_reached', errorReason: 'limit' })).toBe(true);
    expect(hasStatusReason({ status: 'error', errorReason: null })).toBe(false);
    expect(hasStatusReason({ status: 'synced', errorReason: 'stale' })).toBe(false);
  });
});
