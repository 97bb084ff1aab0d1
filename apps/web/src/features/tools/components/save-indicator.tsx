import { Check, CircleAlert, LoaderCircle } from 'lucide-react';
import type { SaveState } from '../lib/save-queue';

/** The builder's save status, announced politely. */
export function SaveIndicator({ state }: { state: SaveState }) {
  const content = {
    idle: null,
    pending: <span className="text-ink-faint">Unsaved changes</span>,
    saving: (
      <>
        <LoaderCircle className="size-3.5 animate-spin" aria-hidden /> Saving…
      </>
    ),
    saved: (
      <>
        <Check className="size-3.5 text-emerald-600" aria-hidden /> Saved
      </>
    ),
    error: (
      <span className="flex items-center gap-1 text-red-600">
        <CircleAlert className="size-3.5" aria-hidden /> Not saved
      </span>
    ),
  }[state];
  return (
    <span
      role="status"
      aria-live="polite"
      data-save-state={state}
      className="flex items-center gap-1 text-xs text-ink-subtle"
    >
      {content}
    </span>
  );
}
