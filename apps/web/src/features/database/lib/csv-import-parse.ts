/**
 * Reading a CSV file in the import wizard (docs/product/database.md#rules-and-messages): RFC 4180 fields (quotes, doubled quotes,
 * line breaks inside quotes, CRLF or LF), values trimmed, empty lines and bad lines skipped.
 */

/** One CSV data row, keyed by (trimmed, unique) header. */
export type CsvRow = Record<string, string>;

export type CsvParseResult =
  | { ok: true; headers: string[]; rows: CsvRow[]; lines: number[]; skippedLines: number }
  | { ok: false; reason: 'empty' | 'parse' | 'noRows' };

interface RawRecord {
  fields: string[];
  /** Text after a closing quote, before the next separator (`"ab"c`): the line is bad. */
  isMalformed: boolean;
  /** The file's line (1-based) the record starts on. */
  line: number;
}

/** Splits CSV text into records; null when a quote is never closed (the file cannot be read). */
export function splitCsvRecords(text: string, delimiter = ','): RawRecord[] | null {
  const records: RawRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let isQuoted = false;
  let wasQuoted = false;
  let isMalformed = false;
  let line = 1;
  let recordLine = 1;
  const endField = () => {
    fields.push(field);
    field = '';
    wasQuoted = false;
  };
  const endRecord = () => {
    endField();
    records.push({ fields, isMalformed, line: recordLine });
    fields = [];
    isMalformed = false;
    recordLine = line;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (isQuoted) {
      // A line break inside quotes (CRLF, LF or a lone CR) is a line of the file too.
      if (ch === '\n' || (ch === '\r' && text[i + 1] !== '\n')) line++;
      if (ch !== '"') field += ch;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else {
        isQuoted = false;
        wasQuoted = true;
      }
      continue;
    }
    if (ch === delimiter) endField();
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      line++;
      endRecord();
    } else if (ch === '"' && field.trim() === '' && !wasQuoted) {
      field = '';
      isQuoted = true;
    } else {
      if (wasQuoted && ch.trim() !== '') isMalformed = true;
      field += ch;
    }
  }
  if (isQuoted) return null;
  if (field !== '' || fields.length > 0) endRecord();
  return records;
}

const isBlank = (fields: string[]) => fields.every((f) => f.trim() === '');

/** Unique, non-empty header names: blanks become "Column N", repeats get " (2)", " (3)"… */
export function uniqueHeaders(raw: string[]): string[] {
  const seen = new Map<string, number>();
  return raw.map((name, i) => {
    const base = name.trim() || `Column ${i + 1}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base} (${n})`;
  });
}

/**
 * Parses a CSV document: the first non-empty line is the header. Lines whose cell count differs
 * from the header's, or with text after a closing quote, are skipped and counted; empty lines are
 * dropped. A file of only whitespace is `empty`; binary content, an unclosed quote or a header
 * without names is `parse`; a header and no usable line is `noRows`.
 */
export function parseCsv(input: string): CsvParseResult {
  const text = input.replace(/^\uFEFF/, '');
  if (text.trim() === '') return { ok: false, reason: 'empty' };
  if (text.includes('\u0000')) return { ok: false, reason: 'parse' };
  const records = splitCsvRecords(text);
  if (!records) return { ok: false, reason: 'parse' };
  const lines = records.filter((r) => !isBlank(r.fields));
  const header = lines.shift();
  if (!header || header.isMalformed || header.fields.every((f) => f.trim() === ''))
    return { ok: false, reason: 'parse' };
  const headers = uniqueHeaders(header.fields);
  const rows: CsvRow[] = [];
  const rowLines: number[] = [];
  let skippedLines = 0;
  for (const line of lines) {
    if (line.isMalformed || line.fields.length !== headers.length) {
      skippedLines++;
      continue;
    }
    rows.push(Object.fromEntries(headers.map((h, i) => [h, line.fields[i]!.trim()])));
    rowLines.push(line.line);
  }
  if (!rows.length) return { ok: false, reason: 'noRows' };
  return { ok: true, headers, rows, lines: rowLines, skippedLines };
}

/** One CSV field as written by `toCsvText`: quoted when it holds a comma, a quote or a line break. */
function quote(value: string): string {
  return /[",\r\n]/.test(value) || value !== value.trim() ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * The parsed rows written back as CSV (what the streamed import uploads): the same headers the
 * mapping names, trimmed values, no skipped lines, so the server counts exactly these rows.
 */
export function toCsvText(headers: string[], rows: CsvRow[]): string {
  const lines = [headers.map(quote).join(',')];
  for (const row of rows) lines.push(headers.map((h) => quote(row[h] ?? '')).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
