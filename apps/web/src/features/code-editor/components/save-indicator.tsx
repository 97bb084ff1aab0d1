import { Check, CircleAlert } from 'lucide-react';
import { Spinner } from '@tessera/ui';
import type { SaveStatus } from '../lib/autosaver';

/** The autosave indicator: saving, saved (2 s), or not saved with a retry. */
export function SaveIndicator({ status, onRetry }: { status: SaveStatus; onRetry: () => void }) {
  return (
    <span role="status" aria-live="polite" data-status={status} className="flex shrink-0 items-center gap-1.5 text-xs">
      {status === 'saving' && (
        <>
          <Spinner size={12} />
          <span className="text-ink-subtle">Saving…</span>
        </>
      )}
      {status === 'saved' && (
        <>
          <Check className="size-3.5 text-emerald-600" aria-hidden />
          <span className="text-emerald-700">Saved</span>
        </>
      )}
      {status === 'error' && (
        <>
          <CircleAlert className="size-3.5 text-red-600" aria-hidden />
          <span className="text-red-700">Not saved</span>
          <button
            type="button"
            onClick={onRetry}
            className="rounded px-1 font-medium text-red-700 underline underline-offset-2 hover:text-red-800 focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            Retry
          </button>
        </>
      )}
      {status === 'idle' && <span className="text-ink-subtle max-sm:hidden">Autosave on</span>}
    </span>
  );
}
