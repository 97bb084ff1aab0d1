import type { ContextItemType } from '@tessera/contracts/context';

/** A document a connector can offer for ingestion (the picker's row). */
export interface ConnectorItem {
  providerItemId: string;
  name: string;
  type: ContextItemType;
  externalFileUrl: string | null;
}

/** A third-party source of documents (Notion, Google Drive) behind one interface. */
export interface Connector {
  id: 'notion' | 'google_drive';
  /** Documents the configured credentials can read, newest first, at most `limit`. */
  listItems(limit?: number): Promise<ConnectorItem[]>;
  /** The document's text (Markdown-ish for Notion, plain text or CSV for Google files). */
  fetchText(providerItemId: string, type: ContextItemType): Promise<string>;
}

/** Thrown for any failed call to the provider; the message is safe to show. */
export class ConnectorError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'ConnectorError';
  }
}

/** JSON from a provider API with a bearer token and a time limit. */
export async function getJson<T>(
  url: string,
  init: { token: string; method?: string; body?: unknown; headers?: Record<string, string>; timeoutMs?: number },
): Promise<T> {
  const res = await fetch(url, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${init.token}`,
      accept: 'application/json',
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...init.headers,
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
    signal: AbortSignal.timeout(init.timeoutMs ?? 15_000),
  }).catch((err: Error) => {
    throw new ConnectorError(`The provider could not be reached (${err.name})`);
  });
  if (!res.ok) throw new ConnectorError(`The provider answered ${res.status}`, res.status);
  return (await res.json()) as T;
}
