import type { CsvImportSummary, CsvMapping } from '@tessera/contracts/entities';
import { CSV_STREAM_RETRIES, readNdjson, type ImportStreamEvent } from './csv-import';

/** The server refused the import (an `error` line or a 4xx/5xx answer): retrying will not help. */
export class ImportRefusedError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'ImportRefusedError';
  }
}

export interface StreamImportOptions {
  /** `/live_api/apps/{appId}/entities/{name}/import` */
  url: string;
  file: Blob;
  fileName: string;
  mappings: CsvMapping[];
  /** The same id on every attempt: rows a broken attempt already wrote are not written twice. */
  importId: string;
  token: string | null;
  /** Rows the server has acknowledged (imported + failed) so far. */
  onProgress: (summary: CsvImportSummary) => void;
  retries?: number;
  retryDelayMs?: number;
  fetchImpl?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function attempt({
  url,
  file,
  fileName,
  mappings,
  importId,
  token,
  onProgress,
  fetchImpl = fetch,
}: StreamImportOptions): Promise<CsvImportSummary> {
  const form = new FormData();
  // The server reads the fields before the file part.
  form.append('mapping', JSON.stringify(mappings));
  form.append('importId', importId);
  form.append('file', file, fileName);
  const headers: Record<string, string> = { accept: 'application/x-ndjson' };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetchImpl(url, { method: 'POST', body: form, headers });
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
    throw new ImportRefusedError(
      body?.error?.message ?? `The import was refused (${response.status})`,
      body?.error?.code ?? 'INTERNAL',
    );
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffer += value;
    const { events, rest } = readNdjson(done ? `${buffer}\n` : buffer);
    buffer = rest;
    for (const event of events as ImportStreamEvent[]) {
      if (event.type === 'error') throw new ImportRefusedError(event.message, event.code);
      const { total, imported, failed, errors } = event;
      const summary = { total, imported, failed, errors };
      if (event.type === 'done') {
        onProgress(summary);
        return summary;
      }
      onProgress(summary);
    }
    // The answer ended without a done line: the connection broke mid-way.
    if (done) throw new TypeError('The import stream ended early');
  }
}

/**
 * Uploads a CSV file to the import endpoint in one streamed request and follows its NDJSON
 * progress. A network error (the request or the stream breaks) is retried with the same importId,
 * which the server turns into the same record ids, so a retry never duplicates rows.
 */
export async function streamCsvImport(options: StreamImportOptions): Promise<CsvImportSummary> {
  const { retries = CSV_STREAM_RETRIES, retryDelayMs = 1000, sleep = wait } = options;
  for (let tries = 0; ; tries++) {
    try {
      return await attempt(options);
    } catch (err) {
      if (err instanceof ImportRefusedError || tries >= retries) throw err;
      await sleep(retryDelayMs * (tries + 1));
    }
  }
}
