import { useState } from 'react';

/**
 * Runs one action at a time: a call made while the previous one is still running is dropped (a
 * double click sends one request). Guards synchronously, before React re-renders a disabled button.
 */
export function createSingleFlight() {
  let isRunning = false;
  return async function once(run: () => Promise<unknown>): Promise<void> {
    if (isRunning) return;
    isRunning = true;
    try {
      await run();
    } catch {
      // The action reports its own failure (the mutation's error state); the guard only lets go.
    } finally {
      isRunning = false;
    }
  };
}

/** `createSingleFlight` for a component: one guard for its lifetime. */
export function useSingleFlight() {
  const [once] = useState(createSingleFlight);
  return once;
}
