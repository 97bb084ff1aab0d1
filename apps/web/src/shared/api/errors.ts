import { ErrorBodySchema } from '@tessera/contracts';

/** Shown when the server cannot be reached at all. */
export const NETWORK_ERROR_MESSAGE = 'Cannot reach Tessera. Check your connection and try again.';
const UNEXPECTED_MESSAGE = 'Something went wrong on our side, please try again';

/**
 * A failed API call. `message` is the server's text (the spec's exact wording), ready to show.
 * `code` is the server's error code, or NETWORK when the request never got an answer.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get isNetwork(): boolean {
    return this.code === 'NETWORK';
  }
}

/** Builds the ApiError of a non-2xx answer from its `{ error: { code, message, details } }` body. */
export function toApiError(status: number, body: unknown): ApiError {
  const parsed = ErrorBodySchema.safeParse(body);
  if (parsed.success)
    return new ApiError(status, parsed.data.error.code, parsed.data.error.message, parsed.data.error.details);
  const loose = body as { error?: { code?: unknown; message?: unknown } } | null;
  const message = typeof loose?.error?.message === 'string' ? loose.error.message : UNEXPECTED_MESSAGE;
  const code = typeof loose?.error?.code === 'string' ? loose.error.code : 'INTERNAL';
  return new ApiError(status, code, message);
}

export function isApiError(err: unknown): err is ApiError {
  return err instanceof ApiError;
}

/** The text to show for any error thrown by an API call. */
export function errorMessage(err: unknown, fallback = UNEXPECTED_MESSAGE): string {
  if (err instanceof ApiError) return err.message;
  return fallback;
}
