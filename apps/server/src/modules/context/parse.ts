import { APP_MESSAGES, MESSAGES } from '@tessera/contracts';
import { type ContextItemType } from '@tessera/contracts/context';
import { formatFileSize } from '@tessera/contracts/plans';
import JSZip from 'jszip';
import mammoth from 'mammoth';
import Papa from 'papaparse';
import { AppError } from '../../platform/errors';

/** The upload types we parse ourselves (docs/product/data-sources.md#rules-and-messages file types, plus plain text and Markdown). */
export type UploadType = Extract<ContextItemType, 'csv' | 'doc' | 'pdf' | 'txt'>;

/** What the bytes are, whatever the name or MIME type claims. */
export type Sniffed = 'pdf' | 'zip' | 'ole' | 'text' | 'binary';

/** Parts a DOCX may hold (real documents have tens to a few hundred). */
export const DOCX_MAX_ENTRIES = 5000;
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

/** The refusal of a file that unpacks to more than `maxBytes`. */
const tooLargeUnpacked = (maxBytes: number) =>
  new AppError('BAD_REQUEST', APP_MESSAGES.fileTooLargeUnpacked.replace('{size}', formatFileSize(maxBytes)));

/** Adds up the bytes of text produced so far and refuses past `maxBytes`. */
function textBudget(maxBytes: number) {
  let total = 0;
  return (text: string) => {
    total += Buffer.byteLength(text, 'utf8');
    if (total > maxBytes) throw tooLargeUnpacked(maxBytes);
  };
}

const looksLikeValue = (cell: string) => /^\s*[-+]?[\d.,]+\s*%?$/.test(cell) || /^\d{4}-\d{2}-\d{2}/.test(cell.trim());

/**
 * The header and the non-empty rows of a CSV (the first `preview` rows only when given). A CSV
 * without a header row or without data rows is refused with the spec's message.
 */
function csvTable(text: string, preview = 0): { header: string[]; rows: string[][] } {
  const result = Papa.parse<string[]>(text.trim(), { skipEmptyLines: 'greedy', preview });
  const rows = result.data.filter((r) => r.some((cell) => cell.trim() !== ''));
  const header = rows[0]?.map((h) => h.trim()) ?? [];
  const headerless =
    header.length === 0 ||
    header.some((h) => h === '') ||
    header.some(looksLikeValue) ||
    new Set(header.map((h) => h.toLowerCase())).size !== header.length;
  if (headerless || rows.length < 2) throw new AppError('BAD_REQUEST', MESSAGES.dataSources.csvInvalid);
  return { header, rows: rows.slice(1) };
}

/** Upload-time check of a CSV: a header row and data rows, read from its first rows only. */
export function checkCsv(text: string): void {
  csvTable(text, 50);
}

/**
 * Renders a CSV as text, one "header: value" line per row so each chunk carries its column names.
 * Headers repeat on every row, so the text can be far larger than the file: past `maxTextBytes`
 * the file is refused.
 */
export function parseCsv(text: string, maxTextBytes = Infinity): string {
  const { header, rows } = csvTable(text);
  const charge = textBudget(maxTextBytes);
  const lines: string[] = [];
  for (const row of rows.slice(0, CSV_MAX_ROWS)) {
    const line = header
      .map((h, i) => [h, (row[i] ?? '').trim()] as const)
      .filter(([, v]) => v !== '')
      .map(([h, v]) => `${h}: ${v}`)
      .join('; ');
    if (!line) continue;
    charge(`${line}\n`);
    lines.push(line);
  }
  return lines.join('\n');
}

/**
 * Inflates every entry of a DOCX while counting, and gives up past `maxInflated` bytes or
 * `DOCX_MAX_ENTRIES` parts: declared sizes in a zip can lie, so the real output is what is counted.
 */
export async function checkDocxInflation(bytes: Uint8Array, maxInflated: number): Promise<void> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes);
  } catch {
    throw new AppError('BAD_REQUEST', APP_MESSAGES.unreadableFile);
  }
  const entries = Object.values(zip.files).filter((entry) => !entry.dir);
  if (entries.length > DOCX_MAX_ENTRIES)
    throw new AppError('BAD_REQUEST', APP_MESSAGES.fileTooManyParts.replace('{n}', String(DOCX_MAX_ENTRIES)));
  if (!zip.file('word/document.xml'))
    throw new AppError('BAD_REQUEST', APP_MESSAGES.fileTypeMismatch.replace('{type}', 'DOCX'));
  let total = 0;
  for (const entry of entries) {
    await new Promise<void>((resolve, reject) => {
      const stream = entry.nodeStream('nodebuffer') as NodeJS.ReadableStream & { destroy?: () => void };
      stream
        .on('data', (chunk: Buffer) => {
          total += chunk.length;
          if (total > maxInflated) {
            stream.pause();
            stream.destroy?.();
            reject(tooLargeUnpacked(maxInflated));
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

type PdfPage = Awaited<ReturnType<Awaited<ReturnType<typeof loadPdf>>['getPage']>>;
/** An item of a page's text content: a run of text, or a marked-content marker (no `str`). */
type PdfTextItem = { str?: string; hasEOL?: boolean };

/** Text of one PDF page, read as pdf.js streams it: a page of millions of items stops at the cap. */
async function pdfPageText(page: PdfPage, charge: (text: string) => void): Promise<string> {
  const reader = (page.streamTextContent() as ReadableStream<{ items: PdfTextItem[] }>).getReader();
  const parts: string[] = [];
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return parts.join('');
      const text = value.items.map((item) => (item.str == null ? '' : item.str + (item.hasEOL ? '\n' : ''))).join('');
      charge(text);
      parts.push(text);
    }
  } catch (err) {
    // pdf.js asserts that a cancellation has an Error for its reason.
    await reader.cancel(new Error('stopped reading the page')).catch(() => {});
    if (err instanceof AppError) throw err;
    throw new AppError('BAD_REQUEST', APP_MESSAGES.unreadableFile);
  }
}

/** The text of a PDF, page after page (one page in memory at a time), refused past `maxTextBytes`. */
async function parsePdf(bytes: Uint8Array, maxTextBytes: number): Promise<ParsedDocument> {
  const pdf = await loadPdf(bytes);
  const charge = textBudget(maxTextBytes);
  try {
    const pages: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n).catch(() => {
        throw new AppError('BAD_REQUEST', APP_MESSAGES.unreadableFile);
      });
      pages.push((await pdfPageText(page, charge)).trim());
      page.cleanup();
    }
    return { text: pages.join('\n\n'), pages: pdf.numPages };
  } finally {
    await pdf.loadingTask.destroy();
  }
}

/** What reading a file may cost: the plan's unpacked-size limit. */
export interface ParseLimits {
  maxInflatedBytes: number;
}

/** Upload-time checks (cheap next to parsing): CSV header, DOCX inflation and parts, PDF pages. */
export async function checkUpload(
  type: UploadType,
  bytes: Uint8Array,
  limits: ParseLimits,
): Promise<{ pages: number | null }> {
  if (type === 'csv') checkCsv(decodeText(bytes));
  if (type === 'doc') await checkDocxInflation(bytes, limits.maxInflatedBytes);
  return { pages: type === 'pdf' ? await countPdfPages(bytes) : null };
}

/**
 * Parses an upload of a known type into plain text (paragraphs separated by blank lines). Runs in
 * the parse pool (parse-pool.ts): the bounds here cap what a file unpacks to, the worker's
 * memory and time limits cap the rest.
 */
export async function parseDocument(type: UploadType, bytes: Uint8Array, limits: ParseLimits): Promise<ParsedDocument> {
  switch (type) {
    case 'txt':
      return { text: decodeText(bytes), pages: null };
    case 'csv':
      return { text: parseCsv(decodeText(bytes), limits.maxInflatedBytes), pages: null };
    case 'doc': {
      await checkDocxInflation(bytes, limits.maxInflatedBytes);
      try {
        const { value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
        return { text: value, pages: null };
      } catch {
        throw new AppError('BAD_REQUEST', APP_MESSAGES.unreadableFile);
      }
    }
    case 'pdf':
      return parsePdf(bytes, limits.maxInflatedBytes);
  }
}
