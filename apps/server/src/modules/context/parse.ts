import { APP_MESSAGES, MESSAGES, type ContextItemType } from '@tessera/contracts';
import JSZip from 'jszip';
import mammoth from 'mammoth';
import Papa from 'papaparse';
import { AppError } from '../../platform/errors';

/** The upload types we parse ourselves (spec 1 §5 file types, plus plain text and Markdown). */
export type UploadType = Extract<ContextItemType, 'csv' | 'doc' | 'pdf' | 'txt'>;

/** What the bytes are, whatever the name or MIME type claims. */
export type Sniffed = 'pdf' | 'zip' | 'ole' | 'text' | 'binary';

/** Bytes a DOCX may inflate to in total: bounds zip bombs (a 5 MB file may not become gigabytes). */
export const DOCX_MAX_INFLATED_BYTES = 64 * 1024 * 1024;
/** Rows of a CSV rendered into text at most (a data source, not a database import). */
const CSV_MAX_ROWS = 100_000;

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((b, i) => bytes[i] === b);

/** Identifies a file from its first bytes. Text is UTF-8 without NUL bytes in the first 8 KB. */
export function sniff(bytes: Uint8Array): Sniffed {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf'; // %PDF-
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return 'zip';
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole'; // legacy .doc
  const head = bytes.subarray(0, 8192);
  if (head.includes(0)) return 'binary';
  try {
    // A multi-byte character cut at the 8 KB boundary is fine: only decode whole sequences.
    new TextDecoder('utf-8', { fatal: true }).decode(head.length === 8192 ? trimPartialUtf8(head) : head);
    return 'text';
  } catch {
    return 'binary';
  }
}

function trimPartialUtf8(bytes: Uint8Array): Uint8Array {
  const end = bytes.length;
  for (let i = 1; i <= 3 && end - i >= 0; i++) {
    const b = bytes[end - i]!;
    if ((b & 0xc0) === 0xc0) return bytes.subarray(0, end - i); // a lead byte whose sequence is cut
    if ((b & 0x80) === 0) break;
  }
  return bytes;
}

/** The type a client declared through the MIME type or the file name; null when it says nothing useful. */
export function declaredType(filename: string, mimeType: string): UploadType | null {
  const mime = mimeType.toLowerCase().split(';')[0]!.trim();
  const ext = filename.toLowerCase().split('.').pop() ?? '';
  if (mime === 'text/csv' || mime === 'application/csv' || ext === 'csv') return 'csv';
  if (mime === 'application/pdf' || ext === 'pdf') return 'pdf';
  if (mime === 'application/msword' || mime.includes('wordprocessingml') || ext === 'docx' || ext === 'doc')
    return 'doc';
  if (mime === 'text/plain' || mime === 'text/markdown' || ['txt', 'md', 'markdown', 'text'].includes(ext))
    return 'txt';
  return null;
}

const TYPE_NAMES: Record<UploadType, string> = { csv: 'CSV', doc: 'DOCX', pdf: 'PDF', txt: 'text' };

/**
 * Decides an upload's type from its bytes; the name and MIME type only choose between text
 * flavours (CSV or plain text) and must not contradict the bytes.
 */
export function resolveUploadType(bytes: Uint8Array, filename: string, mimeType: string): UploadType {
  if (bytes.length === 0) throw new AppError('BAD_REQUEST', APP_MESSAGES.emptyFile);
  const declared = declaredType(filename, mimeType);
  const sniffed = sniff(bytes);
  const actual: UploadType | null =
    sniffed === 'pdf'
      ? 'pdf'
      : sniffed === 'zip'
        ? 'doc'
        : sniffed === 'text'
          ? declared === 'csv'
            ? 'csv'
            : 'txt'
          : null;
  if (!actual) {
    // A legacy binary Word file (OLE) or anything else we cannot read.
    if (declared && declared !== 'doc' && sniffed !== 'ole')
      throw new AppError('BAD_REQUEST', APP_MESSAGES.fileTypeMismatch.replace('{type}', TYPE_NAMES[declared]));
    throw new AppError('BAD_REQUEST', APP_MESSAGES.unsupportedFileType);
  }
  if (declared && declared !== actual && !(declared === 'txt' && actual === 'txt')) {
    throw new AppError('BAD_REQUEST', APP_MESSAGES.fileTypeMismatch.replace('{type}', TYPE_NAMES[declared]));
  }
  return actual;
}

export interface ParsedDocument {
  text: string;
  /** Pages of a PDF; null for other types. */
  pages: number | null;
}

/** Decodes UTF-8 text, dropping a byte-order mark. */
export function decodeText(bytes: Uint8Array): string {
  return new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
}

const looksLikeValue = (cell: string) => /^\s*[-+]?[\d.,]+\s*%?$/.test(cell) || /^\d{4}-\d{2}-\d{2}/.test(cell.trim());

/**
 * Renders a CSV as text, one "header: value" line per row so each chunk carries its column names.
 * A CSV without a header row or without data rows is refused with the spec's message.
 */
export function parseCsv(text: string): string {
  const result = Papa.parse<string[]>(text.trim(), { skipEmptyLines: 'greedy' });
  const rows = result.data.filter((r) => r.some((cell) => cell.trim() !== ''));
  const header = rows[0]?.map((h) => h.trim()) ?? [];
  const headerless =
    header.length === 0 ||
    header.some((h) => h === '') ||
    header.some(looksLikeValue) ||
    new Set(header.map((h) => h.toLowerCase())).size !== header.length;
  if (headerless || rows.length < 2) throw new AppError('BAD_REQUEST', MESSAGES.dataSources.csvInvalid);
  return rows
    .slice(1, CSV_MAX_ROWS + 1)
    .map((row) =>
      header
        .map((h, i) => [h, (row[i] ?? '').trim()] as const)
        .filter(([, v]) => v !== '')
        .map(([h, v]) => `${h}: ${v}`)
        .join('; '),
    )
    .filter(Boolean)
    .join('\n');
}

/**
 * Inflates every entry of a DOCX while counting, and gives up past the bound: declared sizes in a
 * zip can lie, so the real output is what is counted.
 */
export async function checkDocxInflation(bytes: Uint8Array, maxInflated = DOCX_MAX_INFLATED_BYTES): Promise<void> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes);
  } catch {
    throw new AppError('BAD_REQUEST', APP_MESSAGES.unreadableFile);
  }
  if (!zip.file('word/document.xml'))
    throw new AppError('BAD_REQUEST', APP_MESSAGES.fileTypeMismatch.replace('{type}', 'DOCX'));
  let total = 0;
  for (const entry of Object.values(zip.files)) {
    if (entry.dir) continue;
    await new Promise<void>((resolve, reject) => {
      const stream = entry.nodeStream('nodebuffer') as NodeJS.ReadableStream & { destroy?: () => void };
      stream
        .on('data', (chunk: Buffer) => {
          total += chunk.length;
          if (total > maxInflated) {
            stream.pause();
            stream.destroy?.();
            reject(new AppError('BAD_REQUEST', APP_MESSAGES.unreadableFile));
          }
        })
        .on('error', () => reject(new AppError('BAD_REQUEST', APP_MESSAGES.unreadableFile)))
        .on('end', () => resolve());
    });
  }
}

async function loadPdf(bytes: Uint8Array) {
  const { getDocumentProxy } = await import('unpdf');
  try {
    // pdf.js takes ownership of the buffer it is given: hand it a copy.
    return await getDocumentProxy(new Uint8Array(bytes));
  } catch {
    throw new AppError('BAD_REQUEST', APP_MESSAGES.unreadableFile);
  }
}

/** Pages of a PDF (upload-time plan check). */
export async function countPdfPages(bytes: Uint8Array): Promise<number> {
  const pdf = await loadPdf(bytes);
  try {
    return pdf.numPages;
  } finally {
    await pdf.loadingTask.destroy();
  }
}

/** Parses an upload of a known type into plain text (paragraphs separated by blank lines). */
export async function parseDocument(type: UploadType, bytes: Uint8Array): Promise<ParsedDocument> {
  switch (type) {
    case 'txt':
      return { text: decodeText(bytes), pages: null };
    case 'csv':
      return { text: parseCsv(decodeText(bytes)), pages: null };
    case 'doc': {
      await checkDocxInflation(bytes);
      try {
        const { value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
        return { text: value, pages: null };
      } catch {
        throw new AppError('BAD_REQUEST', APP_MESSAGES.unreadableFile);
      }
    }
    case 'pdf': {
      const { extractText } = await import('unpdf');
      const pdf = await loadPdf(bytes);
      try {
        const { text, totalPages } = await extractText(pdf, { mergePages: false });
        return { text: (text as string[]).map((t) => t.trim()).join('\n\n'), pages: totalPages };
      } catch {
        throw new AppError('BAD_REQUEST', APP_MESSAGES.unreadableFile);
      } finally {
        await pdf.loadingTask.destroy();
      }
    }
  }
}
