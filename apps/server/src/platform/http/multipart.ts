import { Readable } from 'node:stream';
import Busboy from '@fastify/busboy';
import type { Context } from 'hono';
import { AppError } from '../errors';

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
 * while the bytes arrive, so a huge upload costs neither memory nor disk.
 */
export function readMultipartFile(
  c: Context,
  { maxBytes, tooLargeMessage }: { maxBytes: number; tooLargeMessage: string },
): Promise<UploadedFile> {
  const contentType = c.req.header('content-type') ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) {
    throw new AppError('BAD_REQUEST', 'Send the file as multipart/form-data');
  }
  const body = c.req.raw.body;
  if (!body) throw new AppError('BAD_REQUEST', 'Please upload a file');
  const lengthHeader = Number(c.req.header('content-length'));
  return new Promise<UploadedFile>((resolve, reject) => {
    const fields: Record<string, string> = {};
    let gotFile = false;
    let file: Readable | null = null;
    let busboy: ReturnType<typeof Busboy>;
    try {
      busboy = Busboy({
        headers: { 'content-type': contentType },
        limits: { files: 1, fields: 20, fieldSize: 100_000, fileSize: maxBytes },
      });
    } catch {
      reject(new AppError('BAD_REQUEST', 'The multipart body is malformed'));
      return;
    }
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
      stream.on('limit', () => stream.destroy(new AppError('PAYLOAD_TOO_LARGE', tooLargeMessage)));
      // The reader sees the error through its iterator or pipeline; a destroy while it is between
      // reads must not become an unhandled 'error' event (that would end the process).
      stream.on('error', () => {});
      resolve({
        fields,
        filename,
        mimeType,
        stream,
        contentLength: Number.isFinite(lengthHeader) ? lengthHeader : null,
      });
    });
    busboy.on('error', () => reject(new AppError('BAD_REQUEST', 'The multipart body is malformed')));
    busboy.on('finish', () => {
      if (!gotFile) reject(new AppError('BAD_REQUEST', 'Please upload a file'));
    });
    Readable.fromWeb(body as import('node:stream/web').ReadableStream)
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
