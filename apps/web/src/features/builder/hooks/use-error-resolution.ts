import { useEffect, useReducer, useRef, useState } from 'react';
import type { AppErrorReport } from '@tessera/contracts/runtime';
import { INITIAL_ERROR_PANEL, buildFixErrorsPrompt, errorPanelReducer, visibleErrors } from '../../editor';

/**
 * The preview's error panel: errors the app reports, cleared when another version is shown, and
 * "Resolve with AI", which sends them to the chat and clears them once that turn has ended.
 */
export function useErrorResolution(previewVersionId: string | null, isChatBusy: boolean) {
  const [errors, dispatchErrors] = useReducer(errorPanelReducer, INITIAL_ERROR_PANEL);
  const [isResolving, setIsResolving] = useState(false);
  const sawResolveTurn = useRef(false);

  // Errors of the old version are not the new one's: a new preview starts clean (suppressions stay).
  useEffect(() => {
    dispatchErrors({ type: 'clear' });
  }, [previewVersionId]);

  useEffect(() => {
    if (!isResolving) return;
    if (isChatBusy) sawResolveTurn.current = true;
    else if (sawResolveTurn.current) {
      sawResolveTurn.current = false;
      setIsResolving(false);
      dispatchErrors({ type: 'clear' });
    }
  }, [isChatBusy, isResolving]);

  /** Sends the shown errors to the chat through `send` (which may refuse); none shown, nothing sent. */
  function resolve(send: (text: string) => boolean) {
    const shown = visibleErrors(errors);
    if (!shown.length) return;
    if (send(buildFixErrorsPrompt(shown))) {
      sawResolveTurn.current = false;
      setIsResolving(true);
    }
  }

  return {
    errors,
    dispatchErrors,
    errorCount: visibleErrors(errors).length,
    isResolving,
    resolve,
    report: (error: AppErrorReport) => dispatchErrors({ type: 'report', error }),
  };
}
