import Papa from 'papaparse';
import { csvField } from '@tessera/contracts/entities';
import {
  TOOL_BATCH_MAX_CELL,
  TOOL_BATCH_MAX_COLUMNS,
  TOOL_BATCH_MAX_ROWS,
  TOOL_BATCH_MESSAGES,
  TOOL_BATCH_RESULT_COLUMNS,
  toolRunMessage,
  type ToolFieldValue,
} from '@tessera/contracts/tool-runs';
import { AppError } from '../../platform/errors';
import { headerScore } from '../csv';
import type { RunField } from '../tool-runs';

const refuse = (message: string): never => {
  throw new AppError('VALIDATION_FAILED', message);
};

/**
 * A batch's CSV (docs/product/tools.md#batch-runs): UTF-8 text (a BOM dropped), no NUL bytes, a
 * header of distinct named columns, 1 to TOOL_BATCH_MAX_ROWS rows. Blank lines are skipped; short
 * rows are padded with empty cells. Refusals are plain 400s.
 */
export function parseBatchCsv(bytes: Uint8Array): { columns: string[]; rows: string[][] } {
  if (bytes.includes(0)) refuse(TOOL_BATCH_MESSAGES.nulBytes);
  let text = '';
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    refuse(TOOL_BATCH_MESSAGES.notUtf8);
  }
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const quoteError = parsed.errors.find((e) => e.type === 'Quotes');
  if (quoteError) refuse(toolRunMessage(TOOL_BATCH_MESSAGES.unreadable, { row: (quoteError.row ?? 0) + 1 }));
  const [header, ...rows] = parsed.data;
  if (!header || !rows.length) refuse(TOOL_BATCH_MESSAGES.empty);
  const columns = header!.map((c) => c.trim());
  if (columns.length > TOOL_BATCH_MAX_COLUMNS) refuse(TOOL_BATCH_MESSAGES.tooManyColumns);
  if (columns.some((c) => !c)) refuse(TOOL_BATCH_MESSAGES.emptyColumn);
  const seen = new Set<string>();
  for (const c of columns) {
    if (seen.has(c.toLowerCase())) refuse(toolRunMessage(TOOL_BATCH_MESSAGES.duplicateColumn, { name: c }));
    seen.add(c.toLowerCase());
  }
  if (rows.length > TOOL_BATCH_MAX_ROWS) refuse(TOOL_BATCH_MESSAGES.tooManyRows);
  const out = rows.map((row, i) => {
    if (row.some((cell) => cell.length > TOOL_BATCH_MAX_CELL))
      refuse(toolRunMessage(TOOL_BATCH_MESSAGES.cellTooLong, { row: i + 2 }));
    return columns.map((_, j) => row[j] ?? '');
  });
  return { columns, rows: out };
}

/** Each field to the column that names it best (by its name or label), each column used once. */
export function suggestBatchMapping(columns: string[], fields: RunField[]): Record<string, string> {
  const pairs = fields
    .flatMap((f) =>
      columns.map((column) => ({
        field: f.name,
        column,
        score: Math.max(headerScore(column, f.name), headerScore(column, f.label)),
      })),
    )
    .filter((p) => p.score >= 0.5)
    .sort((a, b) => b.score - a.score);
  const mapping: Array<[string, string]> = [];
  const used = new Set<string>();
  for (const p of pairs) {
    if (used.has(p.column) || mapping.some(([field]) => field === p.field)) continue;
    used.add(p.column);
    mapping.push([p.field, p.column]);
  }
  return Object.fromEntries(mapping);
}

/** Refuses a mapping naming an unknown field or column, or leaving a required field without a column. */
export function checkBatchMapping(mapping: Record<string, string>, columns: string[], fields: RunField[]): void {
  const names = new Set(fields.map((f) => f.name));
  const entries = Object.entries(mapping).filter(([, column]) => column !== '');
  for (const [field, column] of entries) {
    if (!names.has(field)) refuse(toolRunMessage(TOOL_BATCH_MESSAGES.unknownField, { name: field }));
    if (!columns.includes(column)) refuse(toolRunMessage(TOOL_BATCH_MESSAGES.unknownColumn, { name: column }));
  }
  for (const f of fields)
    if (f.required && !entries.some(([field]) => field === f.name))
      refuse(toolRunMessage(TOOL_BATCH_MESSAGES.unmappedRequired, { label: f.label }));
  if (!entries.length) refuse(TOOL_BATCH_MESSAGES.noMapping);
}

/** One row's values by field: multiselect cells split on `;` or `,`; empty cells left out (so required ones are reported). */
export function rowValues(
  fields: RunField[],
  mapping: Record<string, string>,
  columns: string[],
  cells: string[],
): Record<string, ToolFieldValue> {
  const entries: Array<[string, ToolFieldValue]> = [];
  for (const f of fields) {
    const column = mapping[f.name];
    const index = column ? columns.indexOf(column) : -1;
    const cell = index >= 0 ? (cells[index] ?? '').trim() : '';
    if (!cell) continue;
    entries.push([
      f.name,
      f.type === 'multiselect'
        ? cell
            .split(/[;,]/)
            .map((v) => v.trim())
            .filter(Boolean)
        : cell,
    ]);
  }
  return Object.fromEntries(entries);
}

/** The results file: the input columns, then result, status and error; formulas neutralised, CRLF line ends. */
export function resultsCsv(
  columns: string[],
  rows: Array<{ cells: string[]; result: string | null; status: string; error: string | null }>,
): string {
  const lines = [[...columns, ...TOOL_BATCH_RESULT_COLUMNS].map(csvField).join(',')];
  for (const r of rows) lines.push([...r.cells, r.result ?? '', r.status, r.error ?? ''].map(csvField).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
