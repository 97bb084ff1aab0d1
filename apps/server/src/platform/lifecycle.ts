/**
 * The process's drain on SIGTERM (docs/architecture.md, main flows): from the signal on, readiness
 * fails and new requests are refused, while the work already running (chat turns) gets a grace to
 * finish; what is still running when the grace ends is interrupted, and ends on its own terms
 * (a turn stores what it wrote and says it was interrupted).
 */
export interface Lifecycle {
  readonly isDraining: boolean;
  /** Registers running work; `interrupt` is called if it outlives the grace. Call the returned function when it ends. */
  track(interrupt: () => void): () => void;
  /**
   * Starts draining and resolves once the tracked work has ended: by itself within `graceMs`, or
   * after being interrupted (given `settleMs` more to store its end).
   */
  drain(graceMs: number, settleMs?: number): Promise<{ interrupted: number }>;
}

/** One per process (several in tests, one per app). */
export function createLifecycle(): Lifecycle {
  let isDraining = false;
  const running = new Map<symbol, () => void>();
  let onIdle: (() => void) | null = null;
  const idle = () => (running.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => (onIdle = resolve)));
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      setTimeout(resolve, ms).unref();
    });
  return {
    get isDraining() {
      return isDraining;
    },
    track(interrupt) {
      const key = Symbol('work');
      running.set(key, interrupt);
      return () => {
        running.delete(key);
        if (running.size === 0) onIdle?.();
      };
    },
    async drain(graceMs, settleMs = 10_000) {
      isDraining = true;
      await Promise.race([idle(), wait(graceMs)]);
      const left = [...running.values()];
      for (const interrupt of left) interrupt();
      if (left.length) await Promise.race([idle(), wait(settleMs)]);
      return { interrupted: left.length };
    },
  };
}
