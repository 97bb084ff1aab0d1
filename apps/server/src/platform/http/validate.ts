import type { Context, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { APP_MESSAGES, describeIssue } from '@tessera/contracts';
import { AppError } from '../errors';
import { readBodyText } from './body-limit';

/**
 * JSON bodies nest at most this deep: no document of ours comes near it, and far deeper ones
 * overflow recursive code on the way (validation, PostgreSQL's jsonb parser).
 */
export const JSON_MAX_DEPTH = 64;

/** A NUL character in a JSON body: PostgreSQL's text and jsonb cannot hold one. */
export const NUL_IN_BODY = 'The request body contains a NUL character (\\u0000), which cannot be stored';

/**
 * Checks a JSON text before it is parsed, in one pass: nesting within JSON_MAX_DEPTH, and no
 * `\u0000` escape in a string or key (PostgreSQL's text and jsonb cannot hold a NUL; an escaped
 * backslash before "u0000" is plain text).
 */
function checkJsonText(raw: string): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < raw.length; i++) {
    const ch = raw.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c) {
        if (raw.startsWith('u0000', i + 1)) throw new AppError('BAD_REQUEST', NUL_IN_BODY);
        i++;
      } else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b || ch === 0x7b) {
      if (++depth > JSON_MAX_DEPTH)
        throw new AppError('BAD_REQUEST', `The request body is nested more than ${JSON_MAX_DEPTH} levels deep`);
    } else if (ch === 0x5d || ch === 0x7d) depth--;
  }
}

/** Reads a JSON body of any shape (empty means `{}`); bad JSON, a NUL character or too deep a nesting is a 400. */
export async function readAnyJson(c: Context): Promise<unknown> {
  const raw = await readBodyText(c);
  if (raw.trim() === '') return {};
  checkJsonText(raw);
  try {
    return JSON.parse(raw);
  } catch {
    throw new AppError('BAD_REQUEST', APP_MESSAGES.invalidJson);
  }
}

/**
 * Refuses a NUL character (`%00`) anywhere in the path or the query string with a 400: path
 * parameters and query values become ids, tokens and e-mails PostgreSQL cannot store. The URL
 * parser percent-encodes a raw NUL, so `%00` is the only way one arrives.
 */
export function refuseUnstorableAddress(): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.url.includes('%00'))
      throw new AppError('BAD_REQUEST', 'The address contains a NUL character (%00), which is not allowed');
    await next();
  };
}

/** Reads a JSON object body (empty means `{}`) and validates it; bad JSON or a bad shape is a 400 naming the field in plain words (describeIssue). */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const value = await readAnyJson(c);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new AppError('BAD_REQUEST', 'The request body must be a JSON object');
  }
  const result = schema.safeParse(value);
  if (!result.success) {
    const issues = result.error.issues.map((i) => ({ path: i.path.join('.'), message: describeIssue(i) }));
    throw new AppError('VALIDATION_FAILED', issues[0]!.message, { issues });
  }
  return result.data;
}
