import { describe, expect, it } from 'vitest';
import { reconnectDelayMs } from './sse';

describe('reconnectDelayMs', () => {
  it('backs off exponentially up to 15 s', () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(reconnectDelayMs)).toEqual([1000, 2000, 4000, 8000, 15000, 15000, 15000]);
  });
});
