import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { MESSAGES } from '@tessera/contracts';

/**
 * docs/product/editor-and-chat.md#screens-and-routes leave-page prompt while `isDirty` (a chat turn is running): the browser's own prompt
 * on reload or close, and a confirmation with the spec's text on in-app navigation.
 */
export function useLeavePrompt(isDirty: boolean) {
  useEffect(() => {
    if (!isDirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = MESSAGES.chat.unsavedChanges;
      return MESSAGES.chat.unsavedChanges;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => isDirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(MESSAGES.chat.unsavedChanges)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
}
