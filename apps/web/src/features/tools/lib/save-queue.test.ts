import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SaveQueue, type SaveState } from './save-queue';

describe('SaveQueue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(save: (value: number) => Promise<void> = async () => {}) {
    const saved: number[] = [];
    const states: SaveState[] = [];
    const errors: unknown[] = [];
    const queue = new SaveQueue<number>({
      save: async (value) => {
        await save(value);
        saved.push(value);
      },
      onStateChange: (state) => states.push(state),
      onError: (error) => errors.push(error),
    });
    return { queue, saved, states, errors };
  }

  it('saves the newest value once, 2000 ms after the last edit', async () => {
    const { queue, saved, states } = setup();
    queue.push(1);
    await vi.advanceTimersByTimeAsync(1500);
    queue.push(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(saved).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(saved).toEqual([2]);
    expect(states).toEqual(['pending', 'saving', 'saved']);
  });

  it('never runs two saves at once and saves an edit made during a save right after it', async () => {
    let release: () => void = () => {};
    let active = 0;
    let maxActive = 0;
    const { queue, saved } = setup(async () => {
      active += 1;
      maxActive = Math.max(maxActive, active);
      await new Promise<void>((resolve) => (release = resolve));
      active -= 1;
    });
    queue.push(1);
    const first = queue.flush();
    queue.push(2);
    const second = queue.flush();
    release();
    await vi.advanceTimersByTimeAsync(0);
    release();
    await Promise.all([first, second]);
    expect(saved).toEqual([1, 2]);
    expect(maxActive).toBe(1);
  });

  it('keeps a value whose save failed, reports the error and saves it on the next flush', async () => {
    let fail = true;
    const { queue, saved, errors, states } = setup(async () => {
      if (fail) throw new Error('down');
    });
    queue.push(7);
    await queue.flush();
    expect(errors).toHaveLength(1);
    expect(states.at(-1)).toBe('error');
    expect(queue.hasPending).toBe(true);
    fail = false;
    await queue.flush();
    expect(saved).toEqual([7]);
    expect(states.at(-1)).toBe('saved');
  });

  it('tries a refused value once: flushes and time do not send it again, the next edit does', async () => {
    let calls = 0;
    let refuse = true;
    const saved: number[] = [];
    const errors: boolean[] = [];
    const states: SaveState[] = [];
    const queue = new SaveQueue<number>({
      save: async (value) => {
        calls += 1;
        if (refuse) throw Object.assign(new Error('Path should contain only letters'), { status: 400 });
        saved.push(value);
      },
      isRefusal: (error) => (error as { status?: number }).status === 400,
      onError: (_error, isRefused) => errors.push(isRefused),
      onStateChange: (state) => states.push(state),
    });
    queue.push(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toBe(1);
    // Done, switching panels, activation and the settings' save all flush: none sends it again.
    await queue.flush();
    await queue.flush();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toBe(1);
    expect(errors).toEqual([true]);
    expect(states.at(-1)).toBe('error');
    expect(queue.hasPending).toBe(true);
    // The builder fixes it: that edit is saved 2000 ms later.
    refuse = false;
    queue.push(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toBe(2);
    expect(saved).toEqual([2]);
    expect(states.at(-1)).toBe('saved');
    expect(queue.hasPending).toBe(false);
  });

  it('an edit made while a save is refused is saved next (the refusal was of the older value)', async () => {
    let release: (error?: unknown) => void = () => {};
    const saved: number[] = [];
    const queue = new SaveQueue<number>({
      save: (value) =>
        new Promise<void>((resolve, reject) => {
          release = (error) => (error ? reject(error) : (saved.push(value), resolve()));
        }),
      isRefusal: () => true,
    });
    queue.push(1);
    const first = queue.flush();
    queue.push(2);
    release(new Error('refused'));
    await first;
    const second = queue.flush();
    release();
    await second;
    expect(saved).toEqual([2]);
  });

  it('flush with nothing queued does nothing', async () => {
    const { queue, saved, states } = setup();
    await queue.flush();
    expect(saved).toEqual([]);
    expect(states).toEqual([]);
  });
});
