import { useRef, type KeyboardEvent } from 'react';
import { BookOpen, FileSpreadsheet, FileText, FileType, Globe, HardDrive, Type } from 'lucide-react';
import {
  CONNECTOR_NOT_CONFIGURED_LABEL,
  DATA_SOURCE_OPTIONS,
  type DataSourceOptionId,
} from '@tessera/contracts/context';
import { cn } from '@tessera/ui';

const ICONS: Record<DataSourceOptionId, typeof Type> = {
  text: Type,
  csv: FileSpreadsheet,
  doc: FileText,
  pdf: FileType,
  web_scraper: Globe,
  notion: BookOpen,
  google_drive: HardDrive,
};

export interface SourcePickerProps {
  value: DataSourceOptionId;
  onChange: (value: DataSourceOptionId) => void;
  /** Connectors without server credentials carry a "not configured" note. */
  unconfigured: ReadonlySet<DataSourceOptionId>;
}

/**
 * The dialog's options (docs/product/data-sources.md#screens-and-routes) as a radio group: one tab stop, arrow keys move and select,
 * Home/End jump to the ends.
 */
export function SourcePicker({ value, onChange, unconfigured }: SourcePickerProps) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);

  function handleKeyDown(event: KeyboardEvent, index: number) {
    const last = DATA_SOURCE_OPTIONS.length - 1;
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    onChange(DATA_SOURCE_OPTIONS[next]!.id);
    refs.current[next]?.focus();
  }

  return (
    <div role="radiogroup" aria-label="Data source" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {DATA_SOURCE_OPTIONS.map((option, index) => {
        const Icon = ICONS[option.id];
        const isSelected = option.id === value;
        const isUnconfigured = unconfigured.has(option.id);
        return (
          <button
            key={option.id}
            ref={(el) => {
              refs.current[index] = el;
            }}
            type="button"
            role="radio"
            aria-checked={isSelected}
            aria-describedby={isUnconfigured ? `source-${option.id}-note` : undefined}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => onChange(option.id)}
            onKeyDown={(e) => handleKeyDown(e, index)}
            className={cn(
              'flex min-h-11 items-center gap-2.5 rounded-xl border px-3 py-2 text-left text-[13px] font-medium transition-[border-color,background-color,box-shadow]',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
              isSelected
                ? 'border-brand-500 bg-brand-50 text-brand-900 shadow-xs ring-1 ring-brand-500'
                : 'border-line bg-surface text-ink hover:border-line-strong hover:bg-surface-muted',
            )}
          >
            <Icon className={cn('size-4 shrink-0', isSelected ? 'text-brand-600' : 'text-ink-subtle')} aria-hidden />
            <span className="min-w-0 leading-tight">
              {option.label}
              {isUnconfigured && (
                <span id={`source-${option.id}-note`} className="block text-[11px] font-normal text-ink-faint">
                  {CONNECTOR_NOT_CONFIGURED_LABEL}
                </span>
              )}
            </span>
          </button>
        );
      })}
    </div>
  );
}
