import { APP_BUILDER_VERSION, type SaveAppRequest } from '@tessera/contracts/apps';

export type ParsedDefinition = { ok: true; request: SaveAppRequest } | { ok: false; error: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Reads a pasted app definition: either the whole `POST /api/apps` payload (`{ appType, genApp }`)
 * or a bare generated-app object (`{ name, entities, pages, ... }`). An `appId` in the text is
 * dropped so an import always makes a new app instead of overwriting one. The server validates
 * the rest and names the bad entity or property.
 */
export function parseAppDefinition(text: string): ParsedDefinition {
  if (!text.trim()) return { ok: false, error: 'Paste an app definition or choose a .json file' };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    return { ok: false, error: `Invalid JSON: ${(err as Error).message}` };
  }
  if (!isObject(data)) return { ok: false, error: 'The definition must be a JSON object' };
  if ('appType' in data || 'genApp' in data || 'app' in data) {
    const { appId: _ignored, ...rest } = data;
    void _ignored;
    return {
      ok: true,
      request: { appType: 'generated', ...rest, appBuilderVersion: APP_BUILDER_VERSION } as SaveAppRequest,
    };
  }
  if (typeof data.name !== 'string')
    return { ok: false, error: 'The definition needs a "name" (or a "genApp" with one)' };
  return {
    ok: true,
    request: {
      appType: 'generated',
      appBuilderVersion: APP_BUILDER_VERSION,
      genApp: data as SaveAppRequest['genApp'],
    } as SaveAppRequest,
  };
}
