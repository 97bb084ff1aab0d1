import type { Readable } from 'node:stream';

/** A stored file's bytes and what it is. */
export interface StoredFile {
  stream: Readable;
  size: number;
  contentType: string;
}

/**
 * Where uploaded files live: DATA_DIR/files by default; an S3-compatible bucket can implement the
 * same interface. Keys are relative POSIX paths such as `apps/{appId}/{uuid}.png`.
 */
export interface FileStorage {
  /**
   * Streams `body` to `key`; nothing is visible under the key until the whole file is written. The
   * content type may be a function, read once the bytes are in (for types sniffed while streaming).
   */
  put(key: string, body: Readable, contentType: string | (() => string)): Promise<{ size: number }>;
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
  /** Deletes every file whose key starts with `folder/` (e.g. all of one app's uploads). */
  deleteFolder(folder: string): Promise<void>;
}

const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Throws unless the key is a plain relative path (no `..`, no absolute path, no odd characters). */
export function assertStorageKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.split('/').some((part) => part === '.' || part === '..') || key.length > 300) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  }
}
