import type { AppSnapshot } from '@tessera/agent';

/** The file of a snapshot that names the app and its main page. */
export const MANIFEST_PATH = 'app.json';

/** The name and main page a snapshot's app.json declares (tolerant: the validator reports a bad one). */
export function readManifest(snapshot: AppSnapshot): { name?: string; mainPage?: string } {
  try {
    const raw = JSON.parse(snapshot.files[MANIFEST_PATH] ?? '{}') as { name?: unknown; mainPage?: unknown };
    return {
      name: typeof raw.name === 'string' && raw.name.trim() ? raw.name.trim() : undefined,
      mainPage: typeof raw.mainPage === 'string' ? raw.mainPage : undefined,
    };
  } catch {
    return {};
  }
}
