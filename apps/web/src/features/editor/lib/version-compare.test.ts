import { describe, expect, it } from 'vitest';
import type { VersionEntry } from '@tessera/contracts/chat';
import { COMPARE_DESCRIPTION_MAX, compareOptionLabel, previousListedId } from './version-compare';

const now = Date.parse('2026-03-10T12:00:00Z');
const version = (number: number, content = `Change ${number}`, minutesAgo = 0): VersionEntry => ({
  id: `v${number}`,
  number,
  timestamp: new Date(now - minutesAgo * 60_000).toISOString(),
  messageId: null,
  content,
  userRequest: null,
});
const newestFirst = [version(3), version(2), version(1)];

describe('previousListedId', () => {
  it('is the version listed after the target (the one before it)', () => {
    expect(previousListedId(newestFirst, 'v3')).toBe('v2');
    expect(previousListedId(newestFirst, 'v2')).toBe('v1');
  });

  it('is null for the oldest listed version, an unknown one and no target', () => {
    expect(previousListedId(newestFirst, 'v1')).toBeNull();
    expect(previousListedId(newestFirst, 'v9')).toBeNull();
    expect(previousListedId(newestFirst, null)).toBeNull();
  });
});

describe('compareOptionLabel', () => {
  it('names the number, the description and how long ago', () => {
    expect(compareOptionLabel(version(3, 'Add a priority field', 5), now)).toBe(
      'Version 3 · Add a priority field · 5 minutes ago',
    );
  });

  it('shortens a long description to one line and falls back to the request', () => {
    const long = compareOptionLabel(version(2, `Build\na ${'very '.repeat(20)}long app`, 120), now);
    const description = long.split(' · ')[1]!;
    expect(description).toHaveLength(COMPARE_DESCRIPTION_MAX);
    expect(description).toMatch(/^Build a very .*…$/);
    expect(long.endsWith(' · 2 hours ago')).toBe(true);
    expect(compareOptionLabel({ ...version(1, '', 0), userRequest: 'Make it blue' }, now)).toBe(
      'Version 1 · Make it blue · just now',
    );
  });
});
