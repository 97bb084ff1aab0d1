import { useEffect, useRef } from 'react';
import { ArrowRight, Sparkles } from 'lucide-react';
import type { EntitySchema } from '@tessera/contracts/entities';
import { Select, Spinner, cn } from '@tessera/ui';
import {
  CSV_DATA_TYPES,
  CSV_PREVIEW_ROWS,
  DATA_TYPE_LABELS,
  SPLIT_CHARACTER_OPTIONS,
  type ColumnMapping,
  type SplitCharacter,
} from '../../lib/csv-import';
import type { CsvRow } from '../../lib/csv-import-parse';

const IGNORE = '';

export interface MappingStepProps {
  fileName: string;
  rows: CsvRow[];
  skippedLines: number;
  schema: EntitySchema;
  columns: ColumnMapping[];
  isSuggesting: boolean;
  onFieldChange: (index: number, field: string | null) => void;
  onChange: (index: number, patch: Partial<Pick<ColumnMapping, 'dataType' | 'splitCharacter'>>) => void;
}

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

/** Step 2: which field each CSV column fills (or none), its data type and list separator, and a preview. */
export function MappingStep({
  fileName,
  rows,
  skippedLines,
  schema,
  columns,
  isSuggesting,
  onFieldChange,
  onChange,
}: MappingStepProps) {
  const fields = Object.keys(schema.properties);
  const mappedCount = columns.filter((c) => c.schemaField !== null).length;
  const preview = rows.slice(0, CSV_PREVIEW_ROWS);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The upload button is gone: the focus moves to this step's heading so screen readers announce it.
  useEffect(() => headingRef.current?.focus(), []);
  const taken = new Map(columns.flatMap((c) => (c.schemaField ? [[c.schemaField, c.csvHeader] as const] : [])));

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-0.5 text-[13px] text-ink-subtle">
        <p className="flex min-w-0 flex-wrap items-center gap-x-2">
          <span className="max-w-full truncate font-medium text-ink">{fileName}</span>
          <span aria-hidden>·</span>
          <span>{plural(rows.length, 'row')}</span>
          <span aria-hidden>·</span>
          <span>{plural(columns.length, 'column')}</span>
        </p>
        {skippedLines > 0 && <p className="text-amber-700">{plural(skippedLines, 'line')} with errors skipped</p>}
      </div>

      <section aria-labelledby="csv-mapping-heading" className="flex flex-col gap-2">
        <div className="flex items-center justify-between gap-3">
          <h3
            id="csv-mapping-heading"
            ref={headingRef}
            tabIndex={-1}
            className="text-sm font-semibold text-ink outline-none"
          >
            Columns
          </h3>
          <p className="text-[13px] text-ink-subtle" aria-live="polite">
            {isSuggesting ? (
              <span className="inline-flex items-center gap-1.5">
                <Spinner size={12} />
                Suggesting fields…
              </span>
            ) : (
              `${mappedCount} of ${columns.length} mapped`
            )}
          </p>
        </div>
        <div className="hidden grid-cols-[minmax(0,1.2fr)_16px_minmax(0,1fr)_minmax(0,0.8fr)_minmax(0,0.8fr)] gap-3 px-3 text-xs font-medium tracking-wide text-ink-faint uppercase md:grid">
          <span>CSV column</span>
          <span />
          <span>Field</span>
          <span>Type</span>
          <span>Separator</span>
        </div>
        <ul
          className={cn('flex flex-col gap-2', isSuggesting && 'pointer-events-none opacity-60')}
          aria-busy={isSuggesting || undefined}
        >
          {columns.map((column, index) => {
            const isIgnored = column.schemaField === null;
            const samples = preview
              .map((r) => r[column.csvHeader] ?? '')
              .filter(Boolean)
              .slice(0, 3);
            const extraField = column.schemaField && !fields.includes(column.schemaField) ? column.schemaField : null;
            return (
              <li
                key={column.csvHeader}
                className={cn(
                  'grid grid-cols-2 items-center gap-x-3 gap-y-2 rounded-xl border px-3 py-2.5 md:grid-cols-[minmax(0,1.2fr)_16px_minmax(0,1fr)_minmax(0,0.8fr)_minmax(0,0.8fr)]',
                  isIgnored ? 'border-line bg-surface-muted/50' : 'border-line bg-surface shadow-xs',
                )}
              >
                <div className="col-span-2 min-w-0 md:col-span-1">
                  <p
                    className={cn('truncate text-sm font-medium', isIgnored ? 'text-ink-subtle' : 'text-ink')}
                    title={column.csvHeader}
                  >
                    {column.csvHeader}
                  </p>
                  <p className="truncate text-xs text-ink-faint" title={samples.join(', ')}>
                    {samples.length ? samples.join(' · ') : 'No values in the first rows'}
                  </p>
                </div>
                <ArrowRight className="hidden size-4 text-ink-faint md:block" aria-hidden />
                <Select
                  controlSize="sm"
                  className="col-span-2 md:col-span-1"
                  aria-label={`Field for column ${column.csvHeader}`}
                  value={column.schemaField ?? IGNORE}
                  onChange={(e) => onFieldChange(index, e.target.value === IGNORE ? null : e.target.value)}
                >
                  <option value={IGNORE}>Ignore this column</option>
                  {fields.map((field) => {
                    const owner = taken.get(field);
                    return (
                      <option key={field} value={field}>
                        {owner && owner !== column.csvHeader ? `${field} (used by ${owner})` : field}
                      </option>
                    );
                  })}
                  {extraField && <option value={extraField}>{extraField}</option>}
                </Select>
                <Select
                  controlSize="sm"
                  aria-label={`Data type for column ${column.csvHeader}`}
                  value={column.dataType}
                  disabled={isIgnored}
                  onChange={(e) => onChange(index, { dataType: e.target.value as ColumnMapping['dataType'] })}
                >
                  {CSV_DATA_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {DATA_TYPE_LABELS[type]}
                    </option>
                  ))}
                </Select>
                {column.splitCharacter !== null ? (
                  <Select
                    controlSize="sm"
                    aria-label={`Separator for column ${column.csvHeader}`}
                    value={column.splitCharacter}
                    onChange={(e) => onChange(index, { splitCharacter: e.target.value as SplitCharacter })}
                  >
                    {SPLIT_CHARACTER_OPTIONS.map((o) => (
                      <option key={o.label} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </Select>
                ) : (
                  <span className="px-1 text-xs text-ink-faint">{isIgnored ? 'Not imported' : 'Single value'}</span>
                )}
              </li>
            );
          })}
        </ul>
        {!isSuggesting && mappedCount === 0 && (
          <p className="text-[13px] text-amber-700" role="status">
            Choose a field for at least one column to import.
          </p>
        )}
        <p className="flex items-center gap-1.5 text-xs text-ink-faint">
          <Sparkles className="size-3.5" aria-hidden />
          Suggested from the column names and the first rows. Ignored columns are not imported.
        </p>
      </section>

      <section aria-labelledby="csv-preview-heading" className="flex flex-col gap-2">
        <h3 id="csv-preview-heading" className="text-sm font-semibold text-ink">
          Preview{' '}
          <span className="font-normal text-ink-subtle">
            · first {Math.min(CSV_PREVIEW_ROWS, rows.length)} of {plural(rows.length, 'row')}
          </span>
        </h3>
        <div
          className="overflow-x-auto rounded-xl border border-line"
          tabIndex={0}
          role="region"
          aria-label="Preview of the first rows"
        >
          <table className="w-full min-w-max border-collapse text-left text-[13px]">
            <thead className="bg-surface-muted">
              <tr>
                {columns.map((c) => (
                  <th
                    key={c.csvHeader}
                    scope="col"
                    className={cn(
                      'max-w-56 border-b border-line px-3 py-2 align-bottom font-medium',
                      c.schemaField ? 'text-ink' : 'text-ink-faint',
                    )}
                  >
                    <span className="block truncate">{c.csvHeader}</span>
                    <span
                      className={cn(
                        'block truncate text-xs font-normal',
                        c.schemaField ? 'text-brand-700' : 'text-ink-faint',
                      )}
                    >
                      {c.schemaField ? `→ ${c.schemaField}` : 'ignored'}
                    </span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {preview.map((row, i) => (
                <tr key={i} className="border-b border-line last:border-b-0">
                  {columns.map((c) => (
                    <td
                      key={c.csvHeader}
                      className={cn('max-w-56 truncate px-3 py-2', c.schemaField ? 'text-ink' : 'text-ink-faint')}
                      title={row[c.csvHeader]}
                    >
                      {row[c.csvHeader]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
