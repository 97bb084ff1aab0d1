import { APP_MESSAGES } from '@tessera/contracts';

/**
 * Reads the scraper's start address: a bare host gets https://, anything but http(s) or without a
 * dotted host (or localhost) is refused with the catalogue's message. The server re-checks every
 * address it connects to.
 */
export function parseWebAddress(input: string): { ok: true; url: string } | { ok: false; error: string } {
  const trimmed = input.trim();
  if (!trimmed) return { ok: false, error: APP_MESSAGES.invalidUrl };
  const withScheme =
    /^[a-z][a-z0-9+.-]*:/i.test(trimmed) && !/^[^/:]+:\d+(\/|$)/.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return { ok: false, error: APP_MESSAGES.invalidUrl };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, error: APP_MESSAGES.invalidUrl };
  const host = url.hostname;
  if (!host || (!host.includes('.') && !host.includes(':') && host !== 'localhost' && !host.startsWith('[')))
    return { ok: false, error: APP_MESSAGES.invalidUrl };
  return { ok: true, url: url.toString() };
}

export type ConnectorId = 'notion' | 'google_drive';
type ConnectorItemType =
  'notion_page' | 'notion_database' | 'google_doc' | 'google_sheet' | 'google_slide' | 'unrecognized';

/**
 * The connector item a pasted link (or bare id) points at: a Notion page or database id (32 hex
 * characters at the end of the path, `?v=` marks a database view), or a Google Drive file id with
 * its kind from the path (document, spreadsheets, presentation).
 */
export function parseConnectorLink(
  connector: ConnectorId,
  input: string,
): { providerItemId: string; type: ConnectorItemType } | null {
  const text = input.trim();
  if (!text) return null;
  if (connector === 'notion') {
    const compact = text.replace(/-/g, '');
    const match = /([0-9a-f]{32})(?:[?#/]|$)/i.exec(compact);
    if (!match) return null;
    return { providerItemId: match[1]!.toLowerCase(), type: /[?&]v=/.test(text) ? 'notion_database' : 'notion_page' };
  }
  const drive =
    /\/(document|spreadsheets|presentation|file)\/d\/([\w-]{10,})/.exec(text) ?? /[?&]id=([\w-]{10,})/.exec(text);
  if (drive) {
    const kind = drive.length === 3 ? drive[1] : 'file';
    const id = drive.length === 3 ? drive[2]! : drive[1]!;
    const type =
      kind === 'document'
        ? 'google_doc'
        : kind === 'spreadsheets'
          ? 'google_sheet'
          : kind === 'presentation'
            ? 'google_slide'
            : 'unrecognized';
    return { providerItemId: id, type };
  }
  if (/^[\w-]{10,}$/.test(text)) return { providerItemId: text, type: 'unrecognized' };
  return null;
}
