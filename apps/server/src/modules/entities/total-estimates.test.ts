import { describe, expect, it } from 'vitest';
import { recordJson } from './records.repo';
import { createTotalEstimates } from './total-estimates';

describe('remembered total estimates', () => {
  it('answers for the same q and a cap not above the remembered one, until the TTL or a write', () => {
    let now = 0;
    const totals = createTotalEstimates({ ttlMs: 1000, now: () => now });
    const key = totals.keyOf({ appId: 'a', entity: 'Item' }, '{"s":1}');
    totals.remember(key, 1020, 33_000);
    expect(totals.find(key, 1020)).toEqual({ value: 33_000 });
    expect(totals.find(key, 20)).toEqual({ value: 33_000 });
    expect(totals.find(key, 2000)).toBeNull();
    expect(totals.find(totals.keyOf({ appId: 'a', entity: 'Item', creatorId: 'u' }, '{"s":1}'), 1020)).toBeNull();
    totals.forget('a', 'Other');
    expect(totals.find(key, 1020)).not.toBeNull();
    totals.forget('a', 'Item');
    expect(totals.find(key, 1020)).toBeNull();
    totals.remember(key, 1020, 33_000);
    now = 1001;
    expect(totals.find(key, 1020)).toBeNull();
    totals.remember(key, 1020, null);
    expect(totals.find(key, 1020)).toEqual({ value: null });
  });
});

describe('record JSON text', () => {
  it('appends the columns to the stored data, and they win over data keys of the same name', () => {
    const row = {
      id: 'r1',
      creator_id: null,
      created_text: '2026-01-02T03:04:05.006Z',
      updated_text: '2026-01-02T03:04:05.007Z',
    };
    expect(JSON.parse(recordJson({ ...row, data_text: '{}' }))).toEqual({
      id: 'r1',
      createdAt: row.created_text,
      updatedAt: row.updated_text,
      creatorId: null,
    });
    const parsed = JSON.parse(recordJson({ ...row, data_text: '{"a": [1, {"b": "}"}], "id": "spoof"}' }));
    expect(parsed).toEqual({
      a: [1, { b: '}' }],
      id: 'r1',
      createdAt: row.created_text,
      updatedAt: row.updated_text,
      creatorId: null,
    });
  });
});
