import { CONTEXT_ITEM_NAME_MAX_LENGTH, RENAME_BLUR_DELAY_MS } from '@tessera/contracts/context';

/** What a finished edit of an item's name asks for. */
export type RenameDecision = { action: 'save'; name: string } | { action: 'revert' } | { action: 'none' };

/**
 * Decides what an edited name means: an empty name puts the old one back (a name is required), an
 * unchanged one does nothing, anything else is saved trimmed and capped.
 */
export function decideRename(original: string, draft: string): RenameDecision {
  const name = draft.trim().slice(0, CONTEXT_ITEM_NAME_MAX_LENGTH);
  if (!name) return { action: 'revert' };
  if (name === original) return { action: 'none' };
  return { action: 'save', name };
}

export interface Timers {
  set: (run: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
}

const REAL_TIMERS: Timers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface RenameControllerOptions {
  /** The name as stored. */
  getOriginal: () => string;
  /** Called with the decision once an edit ends (blur after the delay, Enter, Escape). */
  onDecision: (decision: RenameDecision) => void;
  delayMs?: number;
  timers?: Timers;
}

export interface RenameController {
  /** The field lost focus: decide after the delay, so focusing back (or Escape) in time keeps editing. */
  blur: (draft: string) => void;
  /** The field got focus again: a pending blur decision is dropped. */
  focus: () => void;
  /** Enter: decide now. */
  enter: (draft: string) => void;
  /** Escape: drop the edit and put the stored name back. */
  escape: () => void;
  /** The field goes away (dialog closed): a pending blur decision is taken now, not lost. */
  flush: () => void;
  isPending: () => boolean;
}

/**
 * The inline rename of a data item (docs/product/data-sources.md#limits: rename blur delay 500 ms). Enter saves at once,
 * Escape cancels, a blur saves after the delay unless the field is focused again first.
 */
export function createRenameController({
  getOriginal,
  onDecision,
  delayMs = RENAME_BLUR_DELAY_MS,
  timers = REAL_TIMERS,
}: RenameControllerOptions): RenameController {
  let handle: unknown = null;
  let pendingDraft: string | null = null;

  function cancel() {
    if (handle !== null) timers.clear(handle);
    handle = null;
    pendingDraft = null;
  }

  function decide(draft: string) {
    cancel();
    onDecision(decideRename(getOriginal(), draft));
  }

  return {
    blur(draft) {
      cancel();
      pendingDraft = draft;
      handle = timers.set(() => {
        handle = null;
        const value = pendingDraft;
        pendingDraft = null;
        if (value !== null) onDecision(decideRename(getOriginal(), value));
      }, delayMs);
    },
    focus: cancel,
    enter: decide,
    escape() {
      cancel();
      onDecision({ action: 'revert' });
    },
    flush() {
      if (pendingDraft !== null) decide(pendingDraft);
    },
    isPending: () => handle !== null,
  };
}
