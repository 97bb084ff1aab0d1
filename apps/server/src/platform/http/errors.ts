import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { APP_MESSAGES, type ErrorBody, type ErrorCode } from '@tessera/contracts';
import { AppError } from '../errors';
import { describeError, type Logger } from '../logger';

/** Seconds a client refused for a passing reason (a restart, a database outage) is asked to wait before trying again. */
export const RETRY_AFTER_SECONDS = 5;

export function errorBody(code: ErrorCode, message: string, details?: unknown): ErrorBody {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}

export function renderAppError(c: Context, err: AppError): Response {
  return c.json(errorBody(err.code, err.message, err.details), err.status as ContentfulStatusCode);
}

/**
 * PostgreSQL errors that can only come from a value the caller sent and the checks let through
 * (a regular expression, a date, a character or a nesting the database refuses, a value too long
 * for an index): a 400, never a 500. The request checks (validate.ts) refuse most of these first;
 * this is the backstop.
 */
const BAD_INPUT_SQLSTATES: Record<string, string> = {
  '2201B': 'Invalid regular expression',
  '22P02': 'Invalid value in the request',
  '22007': 'Invalid date or time in the request',
  '22008': 'Date or time out of range in the request',
  '22P05': 'The request contains a character that cannot be stored',
  '22021': 'The request contains a character that cannot be stored',
  '22001': 'A value in the request is too long',
  '22003': 'A number in the request is out of range',
  '54000': 'A value in the request is too long',
  '54001': 'The request is nested too deeply',
};

/** query_canceled: the statement timeout (or an operator's pg_cancel_backend) stopped the query. */
const QUERY_CANCELED = '57014';

/**
 * The database is down, restarting or refusing connections: not the request's fault, and over soon.
 * SQLSTATE class 08 (connection exception), 57P01-03 (shut down, crash, starting), 53300 (too many
 * connections), socket errors from the driver, and its own words for a dropped connection.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const SOCKET_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);
const DROPPED_CONNECTION = /Connection terminated|timeout exceeded when trying to connect|connection error/i;

function isDatabaseUnavailable(err: unknown): boolean {
  const state = sqlStateOf(err);
  if (state && (state.startsWith('08') || UNAVAILABLE_SQLSTATES.has(state) || SOCKET_ERRORS.has(state))) return true;
  const e = err as { message?: unknown; cause?: { message?: unknown } };
  return [e.message, e.cause?.message].some((m) => typeof m === 'string' && DROPPED_CONNECTION.test(m));
}

function sqlStateOf(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  return typeof e.code === 'string' ? e.code : typeof e.cause?.code === 'string' ? e.cause.code : undefined;
}

/** Hono's onError: AppErrors keep their code and text; anything unexpected is logged and becomes a plain 500. */
export function createErrorHandler(logger: Logger) {
  return (err: Error, c: Context): Response => {
    if (err instanceof AppError) return renderAppError(c, err);
    if (err instanceof HTTPException) {
      const status = err.status;
      if (status === 413) return renderAppError(c, new AppError('PAYLOAD_TOO_LARGE', APP_MESSAGES.bodyTooLarge));
      if (status < 500)
        return c.json(errorBody('BAD_REQUEST', err.message || 'Bad request'), status as ContentfulStatusCode);
    }
    const sqlState = sqlStateOf(err);
    if (sqlState === QUERY_CANCELED) {
      // Too slow for the statement timeout: the operator may want to know which route is.
      logger.warn('query stopped by the statement timeout', { method: c.req.method, path: c.req.path });
      return renderAppError(c, new AppError('QUERY_TIMEOUT', APP_MESSAGES.queryTimeout));
    }
    if (isDatabaseUnavailable(err)) {
      // A 503 the client (or the proxy) may retry, never a 500: the operator sees it in the log.
      logger.warn('database unavailable', { method: c.req.method, path: c.req.path, err: describeError(err) });
      c.header('Retry-After', String(RETRY_AFTER_SECONDS));
      return renderAppError(c, new AppError('SERVICE_UNAVAILABLE', APP_MESSAGES.databaseUnavailable));
    }
    if (sqlState && Object.hasOwn(BAD_INPUT_SQLSTATES, sqlState)) {
      // A check missing before the database: worth finding, though the caller gets a plain 400.
      logger.warn('bad input refused by the database', { method: c.req.method, path: c.req.path, sqlState });
      return renderAppError(c, new AppError('VALIDATION_FAILED', BAD_INPUT_SQLSTATES[sqlState]!));
    }
    logger.error('unhandled error', { method: c.req.method, path: c.req.path, err: describeError(err, true) });
    return renderAppError(c, new AppError('INTERNAL', APP_MESSAGES.internal));
  };
}
