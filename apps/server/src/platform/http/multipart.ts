import { Readable } from 'node:stream';
import Busboy from '@fastify/busboy';
import type { Context } from 'hono';
import { APP_MESSAGES } from '@tessera/contracts';
import { AppError } from '../errors';
import { declaredLength, refuseEncodedBody } from './body-limit';

const MAX_FIELDS = 20;
const MAX_FIELD_BYTES = 100_000;
/** What may come before the file (the fields, part headers, boundaries); the whole body is the file plus this. */
const FORM_MAX_BYTES = MAX_FIELDS * MAX_FIELD_BYTES + 64 * 1024;

export interface UploadedFile {
  /** The fields sent before the file part (send them first in the form). */
  fields: Record<string, string>;
  filename: string;
  mimeType: string;
  /** The file's bytes as they arrive; errors with PAYLOAD_TOO_LARGE past `maxBytes`. */
  stream: Readable;
  /** Bytes of the whole request, when the client said (for progress). */
  contentLength: number | null;
}

/**
 * Streams the first file of a multipart request without buffering it: the size limit is checked
 * while the bytes arrive, so a huge upload costs neither memory nor disk. The whole body is bounded
 * too (the file's limit plus room for the form): a declared length over it is refused before a read,
 * and a body passing it (or sending more than the form allows before its file) is refused the
 * moment it does, the rest left unread.
 */
export function readMultipartFile(
  c: Context,
  { maxBytes, tooLargeMessage }: { maxBytes: number; tooLargeMessage: string },
): Promise<UploadedFile> {
  const contentType = c.req.header('content-type') ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) {
    throw new AppError('BAD_REQUEST', 'Send the file as multipart/form-data');
  }
  refuseEncodedBody(c);
  const maxBodyBytes = maxBytes + FORM_MAX_BYTES;
  const declared = declaredLength(c, maxBodyBytes, tooLargeMessage);
  const body = c.req.raw.body;
  if (!body) throw new AppError('BAD_REQUEST', 'Please upload a file');
  return new Promise<UploadedFile>((resolve, reject) => {
    const fields: Record<string, string> = {};
    let gotFile = false;
    let file: Readable | null = null;
    let busboy: ReturnType<typeof Busboy>;
    try {
      busboy = Busboy({
        headers: { 'content-type': contentType },
        limits: { files: 1, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, fileSize: maxBytes },
      });
    } catch {
      reject(new AppError('BAD_REQUEST', 'The multipart body is malformed'));
      return;
    }
    const source = Readable.fromWeb(body as import('node:stream/web').ReadableStream);
    /** Stops reading the body (left to the server to discard) and fails the upload with `err`. */
    const refuse = (err: AppError) => {
      source.unpipe(busboy);
      source.pause();
      if (file) file.destroy(err);
      else reject(err);
      busboy.destroy();
    };
    // Counted before busboy gets the chunk: `received` is what busboy has already parsed.
    let received = 0;
    source.on('data', (chunk: Buffer) => {
      if (!gotFile && received > FORM_MAX_BYTES)
        return refuse(new AppError('PAYLOAD_TOO_LARGE', APP_MESSAGES.bodyTooLarge));
      received += chunk.length;
      if (received > maxBodyBytes) refuse(new AppError('PAYLOAD_TOO_LARGE', tooLargeMessage));
    });
    busboy.on('field', (name, value) => {
      fields[name] = value;
    });
    busboy.on('file', (_field, stream, filename, _encoding, mimeType) => {
      if (gotFile) {
        stream.resume();
        return;
      }
      gotFile = true;
      file = stream;
      stream.on('limit', () => refuse(new AppError('PAYLOAD_TOO_LARGE', tooLargeMessage)));
      // The reader sees the error through its iterator or pipeline; a destroy while it is between
      // reads must not become an unhandled 'error' event (that would end the process).
      stream.on('error', () => {});
      resolve({
        fields,
        filename,
        mimeType,
        stream,
        contentLength: declared,
      });
    });
    busboy.on('error', () => reject(new AppError('BAD_REQUEST', 'The multipart body is malformed')));
    busboy.on('finish', () => {
      if (!gotFile) reject(new AppError('BAD_REQUEST', 'Please upload a file'));
    });
    source
      .on('error', (err) => {
        busboy.destroy(err);
        // Busboy does not pass its error on to the file stream: without this a reader of a body
        // that broke off (client gone, connection reset) would wait for the rest forever.
        if (file && !file.readableEnded)
          file.destroy(new AppError('BAD_REQUEST', 'The upload broke off before the end of the file'));
      })
      .pipe(busboy);
  });
}
