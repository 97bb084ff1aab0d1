import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRenameController, decideRename, type RenameDecision } from './rename';

describe('decideRename', () => {
  it('saves a changed name trimmed, ignores an unchanged one, reverts an empty one', () => {
    expect(decideRename('Prices', '  Price list ')).toEqual({ action: 'save', name: 'Price list' });
    expect(decideRename('Prices', 'Prices ')).toEqual({ action: 'none' });
    expect(decideRename('Prices', '   ')).toEqual({ action: 'revert' });
  });

  it('caps a long name', () => {
    const decision = decideRename('a', 'x'.repeat(500));
    expect(decision.action).toBe('save');
    expect(decision.action === 'save' && decision.name.length).toBe(200);
  });
});

describe('createRenameController', () => {
  let decisions: RenameDecision[];
  let original: string;
  beforeEach(() => {
    vi.useFakeTimers();
    decisions = [];
    original = 'Prices';
  });
  afterEach(() => vi.useRealTimers());

  const make = () => createRenameController({ getOriginal: () => original, onDecision: (d) => decisions.push(d) });

  it('saves 500 ms after a blur, not before', () => {
    const rename = make();
    rename.blur('Price list');
    vi.advanceTimersByTime(499);
    expect(decisions).toEqual([]);
    expect(rename.isPending()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(decisions).toEqual([{ action: 'save', name: 'Price list' }]);
    expect(rename.isPending()).toBe(false);
  });

  it('drops the pending save when the field is focused again within the delay', () => {
    const rename = make();
    rename.blur('Price list');
    vi.advanceTimersByTime(300);
    rename.focus();
    vi.advanceTimersByTime(1000);
    expect(decisions).toEqual([]);
  });

  it('saves at once on Enter, and the blur that follows does not save twice', () => {
    const rename = make();
    rename.enter('Price list');
    expect(decisions).toEqual([{ action: 'save', name: 'Price list' }]);
    original = 'Price list';
    rename.blur('Price list');
    vi.advanceTimersByTime(500);
    expect(decisions).toEqual([{ action: 'save', name: 'Price list' }, { action: 'none' }]);
  });

  it('cancels on Escape, even with a blur pending', () => {
    const rename = make();
    rename.blur('Price list');
    rename.escape();
    vi.advanceTimersByTime(1000);
    expect(decisions).toEqual([{ action: 'revert' }]);
  });

  it('only the last of several blurs counts', () => {
    const rename = make();
    rename.blur('A');
    vi.advanceTimersByTime(200);
    rename.blur('B');
    vi.advanceTimersByTime(499);
    expect(decisions).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(decisions).toEqual([{ action: 'save', name: 'B' }]);
  });

  it('flush takes a pending blur decision at once (the dialog closed) and is a no-op otherwise', () => {
    const rename = make();
    rename.flush();
    expect(decisions).toEqual([]);
    rename.blur('Price list');
    rename.flush();
    expect(decisions).toEqual([{ action: 'save', name: 'Price list' }]);
    vi.advanceTimersByTime(1000);
    expect(decisions).toHaveLength(1);
  });
});
