import { memo, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import { ArrowLeftToLine, ArrowRightToLine, ChevronDown, Lock, Pencil, Plus, Repeat, Trash2 } from 'lucide-react';
import { Checkbox, Menu, MenuContent, MenuItem, MenuSeparator, MenuTrigger } from '@tessera/ui';
import type { HeaderAction } from '../hooks/use-column-actions';
import { ADD_COLUMN_ID, type GridColumn } from '../lib/columns';
import { ADD_COLUMN_WIDTH, GUTTER_WIDTH, ROW_HEIGHT } from '../lib/grid-model';
import { COLUMN_ICONS } from './cell-view';

/** What a column header can ask of the grid; reached through one stable ref. */
export interface HeaderActions {
  onAction: (column: GridColumn, action: HeaderAction) => void;
  onResizeStart: (e: ReactPointerEvent<HTMLDivElement>, column: GridColumn) => void;
}

/** A column's header with its menu; memoised so scrolling does not re-render the header menus. */
export const ColumnHeader = memo(function ColumnHeader({
  column,
  actions,
}: {
  column: GridColumn;
  actions: RefObject<HeaderActions>;
}) {
  const onAction = (action: HeaderAction) => actions.current.onAction(column, action);
  const onResizeStart = (e: ReactPointerEvent<HTMLDivElement>) => actions.current.onResizeStart(e, column);
  const Icon = COLUMN_ICONS[column.dataType];
  const label = (
    <>
      <Icon className="size-3.5 shrink-0 text-ink-faint" aria-hidden />
      <span className="truncate">{column.label}</span>
    </>
  );
  return (
    <div
      role="columnheader"
      data-column-id={column.id}
      className="relative flex shrink-0 items-center border-r border-line"
      style={{ width: column.width }}
    >
      {column.readonly ? (
        <div
          className="flex h-full min-w-0 flex-1 items-center gap-2 px-3 text-[13px] font-medium text-ink-muted"
          title={`${column.label} (read-only)`}
        >
          {label}
          <Lock className="ml-auto size-3 shrink-0 text-ink-faint" aria-label="read-only" />
        </div>
      ) : (
        <Menu>
          <MenuTrigger
            className="flex h-full min-w-0 flex-1 items-center gap-2 px-3 text-left text-[13px] font-medium text-ink hover:bg-zinc-200/50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500 data-[state=open]:bg-zinc-200/60"
            aria-label={`${column.label} column menu`}
          >
            {label}
            <ChevronDown className="ml-auto size-3.5 shrink-0 text-ink-faint" aria-hidden />
          </MenuTrigger>
          <MenuContent align="start" className="min-w-52">
            <MenuItem onSelect={() => onAction('rename')}>
              <Pencil aria-hidden />
              Rename
            </MenuItem>
            <MenuItem onSelect={() => onAction('type')}>
              <Repeat aria-hidden />
              Change type
            </MenuItem>
            <MenuSeparator />
            <MenuItem onSelect={() => onAction('left')}>
              <ArrowLeftToLine aria-hidden />
              Add column left
            </MenuItem>
            <MenuItem onSelect={() => onAction('right')}>
              <ArrowRightToLine aria-hidden />
              Add column right
            </MenuItem>
            <MenuSeparator />
            <MenuItem onSelect={() => onAction('delete')} className="text-red-700 [&_svg]:text-red-600">
              <Trash2 aria-hidden />
              Delete column
            </MenuItem>
          </MenuContent>
        </Menu>
      )}
      <div
        role="separator"
        aria-orientation="vertical"
        aria-label={`Resize ${column.label}`}
        onPointerDown={onResizeStart}
        className="absolute top-0 -right-1 z-10 h-full w-2 cursor-col-resize touch-none after:absolute after:inset-y-2 after:left-[3px] after:w-0.5 after:rounded-full hover:after:bg-brand-400"
      />
    </div>
  );
});

interface GridHeaderRowProps {
  columns: GridColumn[];
  actions: RefObject<HeaderActions>;
  allSelected: boolean;
  someSelected: boolean;
  canSelect: boolean;
  onToggleAll: () => void;
  onAddColumn: () => void;
}

/** The sticky header: select-all, one header per column, and the add-column button. */
export function GridHeaderRow({
  columns,
  actions,
  allSelected,
  someSelected,
  canSelect,
  onToggleAll,
  onAddColumn,
}: GridHeaderRowProps) {
  return (
    <div
      role="row"
      className="sticky top-0 z-20 flex border-b border-line bg-surface-muted"
      style={{ height: ROW_HEIGHT }}
    >
      <div
        className="sticky left-0 z-10 flex shrink-0 items-center gap-2 border-r border-line bg-surface-muted px-3"
        style={{ width: GUTTER_WIDTH }}
      >
        <Checkbox
          aria-label="Select all rows"
          checked={allSelected}
          ref={(el) => {
            if (el) el.indeterminate = someSelected;
          }}
          onChange={onToggleAll}
          disabled={!canSelect}
        />
      </div>
      {columns.map((column) => (
        <ColumnHeader key={column.key} column={column} actions={actions} />
      ))}
      <div
        role="columnheader"
        data-column-id={ADD_COLUMN_ID}
        className="flex shrink-0 items-center justify-center"
        style={{ width: ADD_COLUMN_WIDTH }}
      >
        <button
          type="button"
          onClick={onAddColumn}
          className="flex size-7 items-center justify-center rounded-md text-ink-subtle hover:bg-zinc-200/70 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500"
          aria-label="Add column"
          title="Add column"
        >
          <Plus className="size-4" aria-hidden />
        </button>
      </div>
    </div>
  );
}
