import { Button, Spinner, cn } from '@tessera/ui';
import { ChevronDown, ChevronUp, EyeOff, Sparkles, TriangleAlert } from 'lucide-react';
import { visibleErrors, type ErrorPanelAction, type ErrorPanelState } from '../lib/error-panel';

export interface ErrorPanelProps {
  state: ErrorPanelState;
  dispatch: (action: ErrorPanelAction) => void;
  /** Sends the visible errors to the chat ("Resolve with AI"). */
  onResolve: () => void;
  /** A fix is being written: the errors clear when the turn ends. */
  isResolving: boolean;
  canResolve: boolean;
}

/**
 * Errors the preview reported (docs/product/editor-and-chat.md#states-and-transitions Error panel): a count, minimise/expand, per-error
 * suppress, un-suppress all, and "Resolve with AI".
 */
export function ErrorPanel({ state, dispatch, onResolve, isResolving, canResolve }: ErrorPanelProps) {
  const errors = visibleErrors(state);
  const suppressedCount = state.suppressed.filter((key) => state.errors.some((e) => e.key === key)).length;
  if (!errors.length && !suppressedCount) return null;
  const title = `${errors.length} ${errors.length === 1 ? 'error' : 'errors'}`;

  return (
    <section
      aria-label="App errors"
      className="pointer-events-auto mx-auto w-full max-w-2xl overflow-hidden rounded-xl border border-red-200 bg-surface shadow-pop"
    >
      <div className="flex items-center gap-2 bg-red-50 px-3 py-2">
        <TriangleAlert className="size-4 shrink-0 text-red-600" aria-hidden />
        <h2 className="text-[13px] font-semibold text-red-800">{title}</h2>
        {suppressedCount > 0 && (
          <button
            type="button"
            onClick={() => dispatch({ type: 'unsuppress-all' })}
            className="rounded px-1 text-xs text-red-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            Show {suppressedCount} hidden
          </button>
        )}
        <div className="ml-auto flex items-center gap-1.5">
          {errors.length > 0 && (
            <Button
              size="sm"
              onClick={onResolve}
              disabled={!canResolve || isResolving}
              aria-busy={isResolving || undefined}
            >
              {isResolving ? <Spinner size={12} /> : <Sparkles aria-hidden />}
              Resolve with AI
            </Button>
          )}
          <Button
            size="icon"
            variant="ghost"
            className="size-8"
            aria-expanded={!state.isMinimized}
            aria-label={state.isMinimized ? 'Expand errors' : 'Minimise errors'}
            onClick={() => dispatch({ type: 'toggle-minimized' })}
          >
            {state.isMinimized ? <ChevronUp aria-hidden /> : <ChevronDown aria-hidden />}
          </Button>
        </div>
      </div>
      {!state.isMinimized && errors.length > 0 && (
        <ul className="max-h-56 divide-y divide-line overflow-y-auto">
          {errors.map((error) => (
            <li key={error.key} className="flex items-start gap-2 px-3 py-2">
              <div className="min-w-0 flex-1">
                <p className="text-[13px] font-medium text-ink [overflow-wrap:anywhere]">
                  {error.title}
                  {error.count > 1 && (
                    <span className="ml-1.5 text-xs font-normal text-ink-subtle">×{error.count}</span>
                  )}
                </p>
                {error.componentName && <p className="text-xs text-ink-subtle">in {error.componentName}</p>}
                {error.details && (
                  <pre
                    className={cn(
                      'mt-1 max-h-24 overflow-auto rounded bg-zinc-50 p-1.5 font-mono text-[11px] leading-snug whitespace-pre-wrap text-ink-muted',
                    )}
                  >
                    {error.details}
                  </pre>
                )}
              </div>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => dispatch({ type: 'suppress', key: error.key })}
                aria-label={`Suppress ${error.title}`}
              >
                <EyeOff aria-hidden />
                Suppress
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
