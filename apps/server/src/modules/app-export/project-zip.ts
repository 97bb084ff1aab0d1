import { checkPath } from '@tessera/agent';
import {
  EXPORT_APP_DIR,
  EXPORT_MESSAGES as M,
  IMPORT_MAX_FILES,
  IMPORT_MAX_UNZIPPED_BYTES,
} from '@tessera/contracts/app-export';
import JSZip from 'jszip';
import { AppError } from '../../platform/errors';
import { countZipFiles } from './zip-directory';

/** Every entry name in the zip must be a plain relative path: no `..`, no root, no drive, no backslash, no NUL. */
const isSafeEntryName = (name: string) =>
  !name.startsWith('/') &&
  !/^[A-Za-z]:/.test(name) &&
  !/[\\\0]/.test(name) &&
  !name.split('/').some((part) => part === '..' || part === '.');

/** JSZip's chunked reader of one entry (public API, missing from its typings). */
interface EntryStream {
  on(event: 'data', listener: (chunk: Uint8Array) => void): EntryStream;
  on(event: 'error' | 'end', listener: () => void): EntryStream;
  pause(): void;
  resume(): void;
}

/** Inflates one entry, counting bytes as they come; stops the moment the project's budget is spent. */
function inflate(file: JSZip.JSZipObject, budget: { left: number }): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    const stream = (file as unknown as { internalStream(type: 'uint8array'): EntryStream }).internalStream(
      'uint8array',
    );
    stream
      .on('data', (chunk) => {
        budget.left -= chunk.length;
        if (budget.left < 0) {
          stream.pause();
          reject(new AppError('PAYLOAD_TOO_LARGE', M.unzippedTooLarge));
          return;
        }
        chunks.push(chunk);
      })
      .on('error', () => reject(new AppError('BAD_REQUEST', M.notAZip)))
      .on('end', () => resolve(Buffer.concat(chunks)))
      .resume();
  });
}

/**
 * The app files of an exported project's zip (docs/product/export.md#import): what lies under
 * `src/app/` (also inside one top folder, as zipping the project's folder gives), by snapshot path.
 * Refuses a file that is no zip, more than IMPORT_MAX_FILES entries, more than
 * IMPORT_MAX_UNZIPPED_BYTES inflated (counted while inflating, whatever the zip declares), an unsafe
 * entry name anywhere, an app path the validator refuses, and text that is not UTF-8.
 */
export async function readProjectZip(bytes: Uint8Array): Promise<Record<string, string>> {
  // Counted from the central directory first: parsing builds an object per entry on the main thread.
  const listed = countZipFiles(bytes, IMPORT_MAX_FILES);
  if (listed === null) throw new AppError('BAD_REQUEST', M.notAZip);
  if (listed > IMPORT_MAX_FILES) throw new AppError('BAD_REQUEST', M.tooManyFiles);
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes, { createFolders: false });
  } catch {
    throw new AppError('BAD_REQUEST', M.notAZip);
  }
  const entries = Object.values(zip.files).filter((f) => !f.dir);
  if (entries.length > IMPORT_MAX_FILES) throw new AppError('BAD_REQUEST', M.tooManyFiles);
  // JSZip quietly strips `../` from names; the name as written in the archive is the one judged.
  const unsafe = Object.values(zip.files)
    .sort((a, b) => Number(a.dir) - Number(b.dir)) // a file's name says more than its folder's
    .map((f) => f.unsafeOriginalName ?? f.name)
    .find((name) => !isSafeEntryName(name));
  if (unsafe !== undefined) throw new AppError('BAD_REQUEST', M.badPath.replace('{path}', unsafe.replace(/\0/g, '')));
  const manifest = entries.find(
    (f) => f.name === `${EXPORT_APP_DIR}app.json` || /^[^/]+\/src\/app\/app\.json$/.test(f.name),
  );
  if (!manifest) throw new AppError('BAD_REQUEST', M.noAppFiles);
  const root = manifest.name.slice(0, -'app.json'.length);
  const budget = { left: IMPORT_MAX_UNZIPPED_BYTES };
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const files: Record<string, string> = {};
  for (const entry of entries) {
    if (!entry.name.startsWith(root)) continue;
    const path = entry.name.slice(root.length);
    const problem = checkPath(path);
    if (problem) throw new AppError('BAD_REQUEST', `${M.badPath.replace('{path}', entry.name)} (${problem})`);
    let text: string;
    try {
      text = decoder.decode(await inflate(entry, budget));
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw new AppError('BAD_REQUEST', M.notText.replace('{path}', entry.name));
    }
    if (text.includes('\0')) throw new AppError('BAD_REQUEST', M.notText.replace('{path}', entry.name));
    files[path] = text;
  }
  return files;
}

/** The project's files as a zip, compressed. */
export function zipProject(files: Record<string, string>): Promise<Uint8Array> {
  const zip = new JSZip();
  for (const [path, content] of Object.entries(files)) zip.file(path, content);
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 6 } });
}
