/** The builder's save debounce (docs/product/tools.md#the-tool-builder): 2000 ms after the last edit. */
export const TOOL_SAVE_DEBOUNCE_MS = 2000;

export type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'error';

export interface SaveQueueOptions<T> {
  /** Stores one value; a rejection keeps it queued for the next edit or flush. */
  save: (value: T) => Promise<void>;
  onStateChange?: (state: SaveState) => void;
  /** Called once per failed save (a refused value is not tried again, so it reports once). */
  onError?: (error: unknown, isRefused: boolean) => void;
  /**
   * True for an error that saving the same value again would repeat (the server refused it): that
   * value waits for the next edit instead of being retried by flushes.
   */
  isRefusal?: (error: unknown) => boolean;
  delayMs?: number;
}

/**
 * A debounced, single-flight saver: edits within the delay collapse into one save of the newest
 * value; an edit made while a save runs is saved right after it (never two requests at once, never
 * an older value written after a newer one). `flush()` saves what is pending now (the Done button,
 * leaving the page). A failed value stays pending (the draft is kept); a refused one is saved again
 * only once an edit replaces it, so a refusal is never retried in a loop.
 */
export class SaveQueue<T> {
  private pending: { value: T; isRefused?: true } | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<void> | null = null;
  private state: SaveState = 'idle';

  constructor(private readonly options: SaveQueueOptions<T>) {}

  get current(): SaveState {
    return this.state;
  }

  get hasPending(): boolean {
    return this.pending !== null || this.running !== null;
  }

  /** Queues `value` to be saved once edits pause. */
  push(value: T): void {
    this.pending = { value };
    this.setState('pending');
    this.clearTimer();
    this.timer = setTimeout(() => void this.flush(), this.options.delayMs ?? TOOL_SAVE_DEBOUNCE_MS);
  }

  /** Saves the pending value now and resolves once everything queued is stored (or has failed). */
  async flush(): Promise<void> {
    this.clearTimer();
    while (this.running) await this.running;
    if (!this.pending || this.pending.isRefused) return;
    const { value } = this.pending;
    this.pending = null;
    this.setState('saving');
    this.running = this.options
      .save(value)
      .then(
        () => {
          if (!this.pending) this.setState('saved');
        },
        (error: unknown) => {
          // Keep the newest unsaved value: an edit made meanwhile is tried next; else the next edit
          // (or, unless the server refused it, the next flush) tries this one again.
          const isRefused = this.options.isRefusal?.(error) === true;
          this.pending ??= isRefused ? { value, isRefused } : { value };
          this.setState('error');
          this.options.onError?.(error, isRefused);
        },
      )
      .finally(() => {
        this.running = null;
      });
    await this.running;
    if (this.pending && this.state !== 'error') await this.flush();
  }

  /** Stops the timer (unmount); what is pending stays unsaved unless flushed first. */
  dispose(): void {
    this.clearTimer();
  }

  private clearTimer() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private setState(state: SaveState) {
    if (state === this.state) return;
    this.state = state;
    this.options.onStateChange?.(state);
  }
}
