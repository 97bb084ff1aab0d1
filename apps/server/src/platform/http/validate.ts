import type { Context } from 'hono';
import type { z } from 'zod';
import { APP_MESSAGES } from '@tessera/contracts';
import { AppError } from '../errors';

/** Reads a JSON body of any shape (empty means `{}`); bad JSON is a 400. */
export async function readAnyJson(c: Context): Promise<unknown> {
  const raw = await c.req.text();
  if (raw.trim() === '') return {};
  try {
    return JSON.parse(raw);
  } catch {
    throw new AppError('BAD_REQUEST', APP_MESSAGES.invalidJson);
  }
}

/** Reads a JSON object body (empty means `{}`) and validates it; bad JSON or a bad shape is a 400 naming the field. */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const value = await readAnyJson(c);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new AppError('BAD_REQUEST', 'The request body must be a JSON object');
  }
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const field = issue.path.join('.') || 'body';
    throw new AppError('VALIDATION_FAILED', `${field}: ${issue.message}`, {
      issues: result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    });
  }
  return result.data;
}
