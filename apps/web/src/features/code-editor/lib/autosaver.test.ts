import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAutosaver, type SaveStatus } from './autosaver';

describe('createAutosaver', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(save = vi.fn(async (_path: string, _content: string) => {})) {
    const statuses: SaveStatus[] = [];
    const errors: unknown[] = [];
    const saver = createAutosaver({ save, onStatus: (s) => statuses.push(s), onError: (e) => errors.push(e) });
    return { saver, save, statuses, errors };
  }

  it('saves 1 s after the last change, then shows saved for 2 s and goes back to idle', async () => {
    const { saver, save, statuses } = setup();
    saver.change('pages/A.jsx', 'a');
    await vi.advanceTimersByTimeAsync(600);
    saver.change('pages/A.jsx', 'ab');
    await vi.advanceTimersByTimeAsync(999);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith('pages/A.jsx', 'ab');
    expect(statuses).toEqual(['saving', 'saved']);
    await vi.advanceTimersByTimeAsync(1999);
    expect(statuses.at(-1)).toBe('saved');
    await vi.advanceTimersByTimeAsync(1);
    expect(statuses).toEqual(['saving', 'saved', 'idle']);
  });

  it('flush saves pending changes at once (switching files), each file once, in order', async () => {
    const { saver, save } = setup();
    saver.change('pages/A.jsx', 'a');
    saver.change('pages/B.jsx', 'b');
    expect(saver.draftOf('pages/A.jsx')).toBe('a');
    expect(await saver.flush()).toBe(true);
    expect(save.mock.calls).toEqual([
      ['pages/A.jsx', 'a'],
      ['pages/B.jsx', 'b'],
    ]);
    expect(saver.hasPending()).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('a failed save shows the error, keeps the text, and the next flush tries again', async () => {
    let fail = true;
    const save = vi.fn(async () => {
      if (fail) throw new Error('down');
    });
    const { saver, statuses, errors } = setup(save);
    saver.change('pages/A.jsx', 'a');
    expect(await saver.flush()).toBe(false);
    expect(statuses).toEqual(['saving', 'error']);
    expect(errors).toHaveLength(1);
    expect(saver.draftOf('pages/A.jsx')).toBe('a');
    fail = false;
    expect(await saver.flush()).toBe(true);
    expect(statuses.at(-1)).toBe('saved');
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('an edit made while a save runs is saved after it, not lost', async () => {
    let release: () => void = () => {};
    const save = vi.fn((_path: string, _content: string) => new Promise<void>((r) => (release = r)));
    const { saver } = setup(save);
    saver.change('pages/A.jsx', 'one');
    const first = saver.flush();
    await vi.advanceTimersByTimeAsync(0);
    saver.change('pages/A.jsx', 'two');
    const second = saver.flush();
    release();
    await vi.advanceTimersByTimeAsync(0);
    release();
    await Promise.all([first, second]);
    expect(save.mock.calls.map((c) => c[1])).toEqual(['one', 'two']);
  });

  it('nothing pending: flush saves nothing and leaves the status alone', async () => {
    const { saver, save, statuses } = setup();
    expect(await saver.flush()).toBe(true);
    expect(save).not.toHaveBeenCalled();
    expect(statuses).toEqual([]);
  });
});
