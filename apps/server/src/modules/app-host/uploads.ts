import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import { RUNTIME_MESSAGES, UPLOAD_MAX_BYTES } from '@tessera/contracts/runtime';
import { AppError } from '../../platform/errors';
import { readMultipartFile } from '../../platform/http/multipart';
import type { FileStorage } from '../../platform/storage/file-storage';

/** Uploads per visitor address per app per hour, and per app per day: they fill the operator's disk. */
export const UPLOADS_PER_IP_PER_HOUR = 60;
export const UPLOADS_PER_APP_PER_DAY = 500;

/** Image types accepted by `Core.UploadFile`, by their first bytes (the declared type is not believed). */
function sniffImage(head: Buffer): string | null {
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.length >= 6 && /^GIF8[79]a$/.test(head.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (
    head.length >= 12 &&
    head.subarray(0, 4).toString('latin1') === 'RIFF' &&
    head.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  if (
    head.length >= 12 &&
    head.subarray(4, 8).toString('latin1') === 'ftyp' &&
    /^avi[fs]$/.test(head.subarray(8, 12).toString('latin1'))
  )
    return 'image/avif';
  return null;
}
const EXTENSION_OF: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
};

/**
 * Streams one multipart image upload into the app's storage: size capped while it streams, type
 * sniffed from its first bytes (the declared one is not believed). The URL is on the app's own host
 * (`appOrigin`), so an uploaded file is never served from the builder's origin.
 */
export async function storeImageUpload(
  c: Context,
  app: { id: string; slug: string },
  { storage, appOrigin }: { storage: FileStorage; appOrigin: (slug: string) => string },
): Promise<{ file_url: string }> {
  const upload = await readMultipartFile(c, {
    maxBytes: UPLOAD_MAX_BYTES,
    tooLargeMessage: RUNTIME_MESSAGES.fileTooLarge,
  });
  let type: string | null = null;
  // The type is sniffed from the first bytes as they stream in; anything else stops the upload.
  async function* sniffed(source: AsyncIterable<Buffer>) {
    let head = Buffer.alloc(0);
    for await (const chunk of source) {
      if (type === null) {
        head = Buffer.concat([head, chunk]);
        if (head.length >= 12) {
          type = sniffImage(head);
          if (!type) throw new AppError('BAD_REQUEST', RUNTIME_MESSAGES.notAnImage);
          yield head;
        }
        continue;
      }
      yield chunk;
    }
    if (type === null) {
      type = sniffImage(head);
      if (!type) throw new AppError('BAD_REQUEST', RUNTIME_MESSAGES.notAnImage);
      yield head;
    }
  }
  const id = randomUUID();
  try {
    await storage.put(`apps/${app.id}/${id}`, Readable.from(sniffed(upload.stream)), () => type!);
  } catch (err) {
    upload.stream.resume();
    throw err instanceof AppError ? err : new AppError('BAD_REQUEST', RUNTIME_MESSAGES.uploadFailed);
  }
  return { file_url: `${appOrigin(app.slug)}/files/${id}.${EXTENSION_OF[type!]}` };
}
