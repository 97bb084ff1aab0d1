import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * better-auth awaits our mail callbacks but swallows their errors; the spec needs "could not send"
 * messages. Our routes run identity-provider calls inside this context so the callbacks can report
 * a failed delivery back (and receive extras such as the app name for the mail).
 */
export interface MailContext {
  appName?: string | null;
  failure?: unknown;
}

const storage = new AsyncLocalStorage<MailContext>();

export async function withMailContext<T>(
  ctx: MailContext,
  fn: () => Promise<T>,
): Promise<{ result: T; failure: unknown }> {
  const result = await storage.run(ctx, fn);
  return { result, failure: ctx.failure };
}

export function currentMailContext(): MailContext | undefined {
  return storage.getStore();
}
