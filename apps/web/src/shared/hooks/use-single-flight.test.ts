import { describe, expect, it } from 'vitest';
import { createSingleFlight } from './use-single-flight';

describe('createSingleFlight', () => {
  it('drops a second call while the first runs, and runs again once it settled (even after a failure)', async () => {
    const once = createSingleFlight();
    let calls = 0;
    let release!: () => void;
    const run = () => {
      calls++;
      return new Promise<void>((resolve) => (release = resolve));
    };
    const first = once(run);
    void once(run);
    expect(calls).toBe(1);
    release();
    await first;
    await once(() => {
      calls++;
      return Promise.reject(new Error('refused'));
    });
    expect(calls).toBe(2);
  });
});
