import {
  Braces,
  Calendar,
  CircleChevronDown,
  Hash,
  Image as ImageIcon,
  SquareCheck,
  Tags,
  Type,
  type LucideIcon,
} from 'lucide-react';
import { toBoolean, toDisplayText } from '../lib/cell-values';
import type { ColumnType, GridColumn } from '../lib/columns';

export const COLUMN_ICONS: Record<ColumnType, LucideIcon> = {
  text: Type,
  number: Hash,
  boolean: SquareCheck,
  select: CircleChevronDown,
  multiselect: Tags,
  datetime: Calendar,
  image: ImageIcon,
  json: Braces,
};

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function Pill({ label, color }: { label: string; color: string }) {
  return (
    <span
      className="inline-flex h-6 max-w-full shrink-0 items-center truncate rounded-md px-2 text-xs font-medium text-ink"
      style={{ backgroundColor: color }}
    >
      {label}
    </span>
  );
}

function optionColor(column: GridColumn, label: string): string {
  return column.options.find((o) => o.label === label)?.backgroundColor ?? '#f4f4f5';
}

/** How a value reads in its cell, by column type (docs/product/database.md#data: multiselect as coloured labels). */
export function CellView({ column, value, onToggle }: { column: GridColumn; value: unknown; onToggle?: () => void }) {
  if (column.dataType === 'boolean') {
    const checked = toBoolean(value);
    return (
      <input
        type="checkbox"
        checked={checked}
        disabled={column.readonly || !onToggle}
        onChange={() => onToggle?.()}
        aria-label={`${column.label}: ${checked ? 'yes' : 'no'}`}
        tabIndex={-1}
        className="size-4 cursor-pointer accent-brand-600"
      />
    );
  }
  if (value === null || value === undefined || value === '') return <span className="text-ink-faint" aria-hidden />;
  switch (column.dataType) {
    case 'select':
      return <Pill label={String(value)} color={optionColor(column, String(value))} />;
    case 'multiselect': {
      const labels = Array.isArray(value) ? value.map(String) : [String(value)];
      return (
        <span className="flex min-w-0 gap-1 overflow-hidden">
          {labels.map((label) => (
            <Pill key={label} label={label} color={optionColor(column, label)} />
          ))}
        </span>
      );
    }
    case 'datetime': {
      const date = new Date(String(value));
      return (
        <span className="truncate tabular-nums">
          {Number.isNaN(date.getTime()) ? String(value) : dateFormat.format(date)}
        </span>
      );
    }
    case 'image':
      return (
        <span className="flex min-w-0 items-center gap-2">
          <img
            src={String(value)}
            alt=""
            className="size-6 shrink-0 rounded object-cover ring-1 ring-line"
            loading="lazy"
          />
          <span className="truncate text-ink-muted">{String(value).split('/').pop()}</span>
        </span>
      );
    case 'json':
      return <span className="truncate font-mono text-xs text-ink-muted">{toDisplayText(value)}</span>;
    case 'number':
      return <span className="truncate tabular-nums">{toDisplayText(value)}</span>;
    default:
      return (
        <span className={column.readonly ? 'truncate font-mono text-xs text-ink-subtle' : 'truncate'}>
          {toDisplayText(value)}
        </span>
      );
  }
}
