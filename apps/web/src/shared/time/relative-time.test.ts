import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

describe('formatRelativeTime', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  it('reads just now under a minute, then minutes, hours, days and a date', () => {
    expect(formatRelativeTime('2026-03-10T11:59:30Z', now)).toBe('just now');
    expect(formatRelativeTime('2026-03-10T11:55:00Z', now)).toBe('5 minutes ago');
    expect(formatRelativeTime('2026-03-10T09:00:00Z', now)).toBe('3 hours ago');
    expect(formatRelativeTime('2026-03-09T12:00:00Z', now)).toBe('yesterday');
    expect(formatRelativeTime('2026-03-05T12:00:00Z', now)).toBe('5 days ago');
    expect(formatRelativeTime('2026-02-01T12:00:00Z', now)).toBe('Feb 1');
    expect(formatRelativeTime('2025-02-01T12:00:00Z', now)).toBe('Feb 1, 2025');
    expect(formatRelativeTime('nope', now)).toBe('');
  });
});
