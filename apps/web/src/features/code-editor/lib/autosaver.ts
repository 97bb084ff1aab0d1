import { CODE_AUTOSAVE_DELAY_MS, CODE_SAVED_INDICATOR_MS } from '@tessera/contracts/code';

/** docs/product/editor-and-chat.md "Code editor": idle -> saving -> saved (2 s) -> idle, or error. */
export type SaveStatus = 'idle' | 'saving' | 'saved' | 'error';

export interface AutosaverOptions {
  save: (path: string, content: string) => Promise<void>;
  onStatus: (status: SaveStatus) => void;
  onError: (error: unknown) => void;
  delayMs?: number;
  savedMs?: number;
}

/**
 * The code editor's autosave, without React: edits are kept per file and saved 1 s after the last
 * change, one save at a time and in order; `flush` saves what is pending now (switching files,
 * Done). A failed save keeps its text pending, so the next flush tries it again.
 */
export function createAutosaver({
  save,
  onStatus,
  onError,
  delayMs = CODE_AUTOSAVE_DELAY_MS,
  savedMs = CODE_SAVED_INDICATOR_MS,
}: AutosaverOptions) {
  const pending = new Map<string, string>();
  let debounce: ReturnType<typeof setTimeout> | undefined;
  let savedTimer: ReturnType<typeof setTimeout> | undefined;
  let queue: Promise<boolean> = Promise.resolve(true);

  function setStatus(status: SaveStatus) {
    clearTimeout(savedTimer);
    onStatus(status);
    if (status === 'saved') savedTimer = setTimeout(() => onStatus('idle'), savedMs);
  }

  async function drain(): Promise<boolean> {
    let saved = false;
    while (pending.size > 0) {
      const [path, content] = pending.entries().next().value as [string, string];
      pending.delete(path);
      setStatus('saving');
      try {
        await save(path, content);
        saved = true;
      } catch (error) {
        // A newer edit of the same file made meanwhile wins; else this text waits for the next try.
        if (!pending.has(path)) pending.set(path, content);
        setStatus('error');
        onError(error);
        return false;
      }
    }
    if (saved) setStatus('saved');
    return true;
  }

  /** Saves everything pending now; true when nothing is left unsaved. */
  function flush(): Promise<boolean> {
    clearTimeout(debounce);
    queue = queue.then(drain, drain);
    return queue;
  }

  return {
    /** An edit: saved 1 s after the last one. */
    change(path: string, content: string) {
      pending.set(path, content);
      clearTimeout(debounce);
      debounce = setTimeout(() => void flush(), delayMs);
    },
    flush,
    /** The unsaved text of a file, if any. */
    draftOf: (path: string): string | undefined => pending.get(path),
    /** Forgets a file's unsaved text (the file was deleted or renamed). */
    discard: (path: string) => void pending.delete(path),
    hasPending: () => pending.size > 0,
    /**
     * The editor closes: what is pending is saved now. The autosaver stays usable (React may mount
     * the editor again with it).
     */
    close() {
      if (pending.size) void flush();
    },
  };
}

export type Autosaver = ReturnType<typeof createAutosaver>;
