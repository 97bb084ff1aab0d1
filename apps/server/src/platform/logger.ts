import type { LogLevel } from './config';

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

export const REDACTED = '[redacted]';

/**
 * Field names whose values are secrets or carry them (compared in lower case without `-` and `_`,
 * by their ending: `accessToken`, `newPassword`, `magicLink`, `set-cookie` ...). `params` are the
 * bound values of a query: e-mails, record data, tokens.
 */
const SECRET_KEY = /(password|passwd|token|secret|apikey|authorization|cookie|link|links|credentials?|params)$/;

/** Secrets inside free text: the backstop for a value a caller did not know was one. */
const SECRET_TEXT: [RegExp, string][] = [
  // The bound values Drizzle puts in a failed query's message, up to the stack frames.
  [/(\nparams: )[\s\S]*?(?=\n\s+at\s|$)/g, `$1${REDACTED}`],
  // Link tokens and other secret query or fragment parameters (`?token=`, `#tessera-preview=`, `&code=`).
  [/([?&#;](?:[\w.-]*(?:token|secret|password|key|code|signature|preview))=)[^&#\s"'<>]*/gi, `$1${REDACTED}`],
  [/\b(Bearer|Basic)\s+[\w.~+/=-]+/gi, `$1 ${REDACTED}`],
  // user:password@ in connection strings (SMTP_URL, DATABASE_URL).
  [/(\b[a-z][a-z\d+.-]*:\/\/)[^\s/@:]+:[^\s/@]+@/gi, `$1${REDACTED}@`],
  // Provider API keys (OpenAI / Anthropic `sk-...`).
  [/\bsk-[\w-]{16,}/g, REDACTED],
];

export function redactText(text: string): string {
  return SECRET_TEXT.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}

const isSecretKey = (key: string) => SECRET_KEY.test(key.toLowerCase().replace(/[-_]/g, ''));

function redactValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value instanceof Error) return redactText(describeError(value, true));
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  if (depth >= 6) return '[nested]';
  if (Array.isArray(value)) return value.map((v) => redactValue(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, isSecretKey(k) ? REDACTED : redactValue(v, depth + 1)]),
  );
}

/** A failed query from Drizzle: its SQL text and bound values, the driver's error as `cause`. */
function isQueryError(err: Error): err is Error & { query: string; code?: unknown; cause?: { code?: unknown } } {
  return typeof (err as { query?: unknown }).query === 'string' && 'params' in err;
}

/**
 * An error as a log field. A failed query keeps its SQL text and SQLSTATE only: its bound values
 * (and the database's message, which may quote them) stay out of the logs.
 */
export function describeError(err: unknown, withStack = false): string {
  if (!(err instanceof Error)) return String(err);
  const frames = withStack ? (err.stack?.match(/\n\s+at\s[\s\S]*$/)?.[0] ?? '') : '';
  if (isQueryError(err)) {
    const code = [err.cause?.code, err.code].find((c) => typeof c === 'string') ?? 'unknown';
    return `Failed query (SQLSTATE ${code}): ${err.query}${frames}`;
  }
  return withStack ? (err.stack ?? err.message) : err.message;
}

/**
 * Structured JSON lines on stdout, one per event: easy to grep locally and to ship in production.
 * Every line is redacted on the way out (secret-named fields, tokens in links, bearer values, query
 * parameters), a backstop behind callers that never log secrets in the first place.
 */
export function createLogger(level: LogLevel, write: (line: string) => void = (l) => process.stdout.write(l)): Logger {
  const min = RANK[level];
  const log = (lvl: Exclude<LogLevel, 'silent'>) => (msg: string, fields?: Record<string, unknown>) => {
    if (RANK[lvl] < min) return;
    const safe = redactValue({ msg, ...fields }, 0) as Record<string, unknown>;
    write(`${JSON.stringify({ level: lvl, time: new Date().toISOString(), ...safe })}\n`);
  };
  return { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
}
