import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Context } from 'hono';
import { MESSAGES } from '@tessera/contracts';

/**
 * The font files an app's look may use, served by the app's own host (docs/product/runtime.md#screens-and-routes):
 * no page of an app fetches a font from another site. Read once, on first use.
 */
const FONT_FILES: Record<string, string> = {
  'inter-latin-wght-normal.woff2': '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
};
const require = createRequire(import.meta.url);
const loaded = new Map<string, Promise<Buffer | null>>();

function fontFile(name: string): Promise<Buffer | null> {
  const spec = Object.prototype.hasOwnProperty.call(FONT_FILES, name) ? FONT_FILES[name] : undefined;
  if (!spec) return Promise.resolve(null);
  let pending = loaded.get(name);
  if (!pending) {
    pending = readFile(require.resolve(spec)).catch(() => null);
    loaded.set(name, pending);
  }
  return pending;
}

/** `GET /_runtime/fonts/{file}` on an app host: a font, cached for a year. */
export async function serveFont(c: Context): Promise<Response> {
  const body = await fontFile(c.req.param('file') ?? '');
  if (!body) return c.text(MESSAGES.chat.fileNotFound, 404);
  c.header('content-type', 'font/woff2');
  c.header('cache-control', 'public, max-age=31536000, immutable');
  c.header('access-control-allow-origin', '*');
  return c.body(new Uint8Array(body));
}
