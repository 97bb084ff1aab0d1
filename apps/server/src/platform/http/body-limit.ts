import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { APP_MESSAGES } from '@tessera/contracts';
import { AppError } from '../errors';

/** JSON bodies: a whole app definition or a bulk call of records at most; uploads get their own limits. */
export const JSON_BODY_MAX_BYTES = 5 * 1024 * 1024;

/** A route whose reader streams its upload under a limit of its own; `path` in Hono's `:param` form. */
export interface StreamedUploadRoute {
  method: string;
  path: string;
}

const tooLarge = (message: string = APP_MESSAGES.bodyTooLarge) => new AppError('PAYLOAD_TOO_LARGE', message);

/**
 * Compressed bodies are never inflated: nothing of ours sends one, and a few kilobytes of gzip can
 * unpack to gigabytes. Any Content-Encoding but `identity` is a 400 before a byte is read.
 */
export function refuseEncodedBody(c: Context): void {
  const encoding = c.req.header('content-encoding')?.trim().toLowerCase();
  if (encoding && encoding !== 'identity')
    throw new AppError('BAD_REQUEST', 'Compressed request bodies are not accepted: send the body uncompressed');
}

/** The length the client declared (null for a chunked body); 413 when over `maxBytes`, before any read. */
export function declaredLength(c: Context, maxBytes: number, message?: string): number | null {
  const length = c.req.header('content-length');
  if (length === undefined || c.req.header('transfer-encoding') !== undefined) return null;
  if (!/^\d+$/.test(length)) throw new AppError('BAD_REQUEST', 'The Content-Length header is not a number');
  if (Number(length) > maxBytes) throw tooLarge(message);
  return Number(length);
}

/**
 * The whole body as text, at most `maxBytes`: a declared length is checked from its header and the
 * body read straight from the socket; a chunked body is counted as it arrives and refused (413) the
 * moment it passes the limit, the rest left unread.
 */
export async function readBodyText(c: Context, maxBytes = JSON_BODY_MAX_BYTES): Promise<string> {
  refuseEncodedBody(c);
  if (declaredLength(c, maxBytes) !== null) return c.req.text();
  const body = c.req.raw.body;
  if (!body) return '';
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > maxBytes) {
      reader.releaseLock();
      throw tooLarge();
    }
    text += decoder.decode(value, { stream: true });
  }
}

/** `/live_api/apps/:appId/import` -> an anchored expression; a parameter is one path segment. */
function patternOf(path: string): RegExp {
  const escaped = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${escaped}$`);
}

/**
 * Every request body passes here before any route: a compressed one is refused; one for a streamed
 * upload route (exact method and path) goes on to that route's own reader and limit; any other is
 * held to `maxBytes`. A declared length is checked from its header alone: reading `c.req.raw.body`
 * (as hono's bodyLimit does) turns the request into a web stream, and @hono/node-server then reads
 * every JSON body through it instead of straight from the socket (~0.5 ms a request). A chunked
 * body is counted as it arrives.
 */
export function requestBodyGuard({
  maxBytes,
  streamedUploads,
}: {
  maxBytes: number;
  streamedUploads: StreamedUploadRoute[];
}): MiddlewareHandler {
  const uploads = streamedUploads.map((route) => ({ method: route.method, pattern: patternOf(route.path) }));
  const counted = bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw tooLarge();
    },
  });
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    refuseEncodedBody(c);
    if (uploads.some((u) => u.method === c.req.method && u.pattern.test(c.req.path))) return next();
    if (declaredLength(c, maxBytes) === null) return counted(c, next);
    return next();
  };
}

/** How long, and how much, of a refused body is still read and dropped after the answer. */
const LINGER_MS = 500;
const LINGER_MAX_BYTES = 1024 * 1024;

/**
 * A response given before the whole request body has arrived (a refusal, a route that never reads
 * it) ends the connection: the rest of the body is not read, as it would be to keep the connection
 * for another request. Once the answer is out the server says it is done sending (FIN) and drops
 * what still arrives for a moment (a client still sending then reads the answer rather than a
 * reset), then closes. In-process requests (tests) have no socket and are left alone.
 */
export function closeOnUnreadBody(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const { incoming, outgoing } = (c.env ?? {}) as { incoming?: Partial<IncomingMessage>; outgoing?: ServerResponse };
    if (incoming?.complete !== false || typeof outgoing?.once !== 'function') return;
    outgoing.once('finish', () => {
      const socket = incoming.socket;
      if (incoming.complete || !socket || socket.destroyed) return;
      socket.end();
      let dropped = 0;
      const timer = setTimeout(() => socket.destroy(), LINGER_MS);
      timer.unref();
      socket.once('close', () => clearTimeout(timer));
      incoming.on?.('data', (chunk: Buffer) => {
        dropped += chunk.length;
        if (dropped > LINGER_MAX_BYTES) socket.destroy();
      });
      incoming.resume?.();
    });
  };
}
