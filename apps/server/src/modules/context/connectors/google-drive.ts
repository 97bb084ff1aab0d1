import type { ContextItemType } from '@tessera/contracts/context';
import { ConnectorError, getJson, type Connector, type ConnectorItem } from './connector';

const GOOGLE_TYPES: Record<string, { type: ContextItemType; export: string }> = {
  'application/vnd.google-apps.document': { type: 'google_doc', export: 'text/plain' },
  'application/vnd.google-apps.spreadsheet': { type: 'google_sheet', export: 'text/csv' },
  'application/vnd.google-apps.presentation': { type: 'google_slide', export: 'text/plain' },
};
/** Exports larger than this are refused (Drive caps exports at 10 MB anyway). */
const MAX_EXPORT_BYTES = 10 * 1024 * 1024;

/**
 * Google Drive v3 through its REST API (`baseUrl` configurable for fakes on loopback): Google Docs,
 * Sheets and Slides listed by `files.list`, their text from `files.export` (plain text, or CSV for
 * sheets). `token` is an OAuth access token with the drive.readonly scope.
 */
export function createGoogleDriveConnector({
  baseUrl = 'https://www.googleapis.com',
  token,
}: {
  baseUrl?: string;
  token: string;
}): Connector {
  const root = baseUrl.replace(/\/$/, '');
  return {
    id: 'google_drive',
    async listItems(limit = 100): Promise<ConnectorItem[]> {
      const q = Object.keys(GOOGLE_TYPES)
        .map((m) => `mimeType='${m}'`)
        .join(' or ');
      const params = new URLSearchParams({
        q: `(${q}) and trashed=false`,
        pageSize: String(Math.min(limit, 100)),
        orderBy: 'modifiedTime desc',
        fields: 'files(id,name,mimeType,webViewLink)',
      });
      const page = await getJson<{
        files?: Array<{ id: string; name: string; mimeType: string; webViewLink?: string }>;
      }>(`${root}/drive/v3/files?${params}`, { token });
      return (page.files ?? []).flatMap((f) => {
        const known = GOOGLE_TYPES[f.mimeType];
        return known
          ? [{ providerItemId: f.id, name: f.name, type: known.type, externalFileUrl: f.webViewLink ?? null }]
          : [];
      });
    },
    async fetchText(providerItemId, type) {
      const exportAs = Object.values(GOOGLE_TYPES).find((t) => t.type === type)?.export ?? 'text/plain';
      const res = await fetch(
        `${root}/drive/v3/files/${encodeURIComponent(providerItemId)}/export?mimeType=${encodeURIComponent(exportAs)}`,
        {
          headers: { authorization: `Bearer ${token}` },
          signal: AbortSignal.timeout(30_000),
        },
      ).catch((err: Error) => {
        throw new ConnectorError(`The provider could not be reached (${err.name})`);
      });
      if (!res.ok) throw new ConnectorError(`The provider answered ${res.status}`, res.status);
      if (Number(res.headers.get('content-length') ?? 0) > MAX_EXPORT_BYTES)
        throw new ConnectorError('The document is too big to import');
      const text = await res.text();
      if (text.length > MAX_EXPORT_BYTES) throw new ConnectorError('The document is too big to import');
      return text;
    },
  };
}
