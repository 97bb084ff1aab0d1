import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { APP_MESSAGES } from '@tessera/contracts';
import { AppError } from '../errors';

/**
 * Refuses request bodies over `maxSize` bytes with 413 PAYLOAD_TOO_LARGE. A declared length is
 * checked from its header alone: reading `c.req.raw.body` (as hono's bodyLimit does) turns the
 * request into a web stream, and @hono/node-server then reads every JSON body through it instead
 * of straight from the socket (~0.5 ms a request). A chunked body is counted as it arrives.
 */
export function jsonBodyLimitOf(maxSize: number): MiddlewareHandler {
  const tooLarge = () => {
    throw new AppError('PAYLOAD_TOO_LARGE', APP_MESSAGES.bodyTooLarge);
  };
  const counted = bodyLimit({ maxSize, onError: tooLarge });
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length === undefined || c.req.header('transfer-encoding') !== undefined) return counted(c, next);
    if (!/^\d+$/.test(length) || Number(length) > maxSize) tooLarge();
    return next();
  };
}
