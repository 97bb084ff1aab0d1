import { RUNTIME_MESSAGES, UPLOAD_MAX_BYTES } from '@tessera/contracts/runtime';
import type { GridColumn } from './columns';

export type CellParse = { ok: true; value: unknown } | { ok: false; error: string };

/** docs/product/database.md#rules-and-messages: text over 50 characters or with a line break is edited in a dialog. */
export const LONG_TEXT_LENGTH = 50;

export function isLongText(value: unknown): boolean {
  return typeof value === 'string' && (value.length > LONG_TEXT_LENGTH || value.includes('\n'));
}

const TRUE_VALUES = new Set<unknown>([true, 1, 'true', '1']);

/** docs/product/database.md#rules-and-messages: true, 1, 'true' and '1' count as true; anything else is false. */
export function toBoolean(value: unknown): boolean {
  return TRUE_VALUES.has(typeof value === 'string' ? value.trim() : value);
}

/**
 * What an edited cell's text becomes before it is sent (docs/product/database.md#rules-and-messages): numbers are converted, JSON
 * must parse ("Invalid JSON: {reason}", empty is null), dates become ISO strings.
 */
export function parseCellInput(column: Pick<GridColumn, 'dataType' | 'label'>, text: string): CellParse {
  switch (column.dataType) {
    case 'number': {
      if (text.trim() === '') return { ok: true, value: null };
      const num = Number(text.trim());
      return Number.isFinite(num) ? { ok: true, value: num } : { ok: false, error: `${column.label} must be a number` };
    }
    case 'boolean':
      return { ok: true, value: toBoolean(text) };
    case 'json': {
      if (text.trim() === '') return { ok: true, value: null };
      try {
        return { ok: true, value: JSON.parse(text) };
      } catch (err) {
        return { ok: false, error: `Invalid JSON: ${(err as Error).message}` };
      }
    }
    case 'datetime': {
      if (text.trim() === '') return { ok: true, value: null };
      const time = Date.parse(text);
      return Number.isNaN(time)
        ? { ok: false, error: `${column.label} must be a date and time` }
        : { ok: true, value: new Date(time).toISOString() };
    }
    case 'select':
      return { ok: true, value: text === '' ? null : text };
    default:
      return { ok: true, value: text };
  }
}

/** A cell value as editable text: JSON pretty-printed, null as empty. */
export function toEditText(column: Pick<GridColumn, 'dataType'>, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (column.dataType === 'json') return JSON.stringify(value, null, 2);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The value of a datetime cell for an `<input type="datetime-local">` (local time, minutes). */
export function toDateTimeLocal(value: unknown): string {
  if (typeof value !== 'string' || !value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A short one-line rendering of a value, for cells and CSV. */
export function toDisplayText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A pending row counts as empty when no cell has a value (docs/product/database.md#rules-and-messages: saving it is refused). */
export function isEmptyRow(values: Record<string, unknown>): boolean {
  return Object.values(values).every(
    (v) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0),
  );
}

/** Why a picked file cannot be uploaded (docs/product/database.md#rules-and-messages: images only, under 10,000,000 bytes), or null. */
export function imageFileProblem(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return RUNTIME_MESSAGES.notAnImage;
  if (file.size >= UPLOAD_MAX_BYTES) return RUNTIME_MESSAGES.fileTooLarge;
  return null;
}
