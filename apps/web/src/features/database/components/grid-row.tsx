import { memo, type RefObject } from 'react';
import { Check, MoreHorizontal, Trash2, X } from 'lucide-react';
import { Checkbox, Menu, MenuContent, MenuItem, MenuTrigger, Spinner, cn } from '@tessera/ui';
import { toBoolean } from '../lib/cell-values';
import type { GridColumn } from '../lib/columns';
import { GUTTER_WIDTH, ROW_HEIGHT, type EditState, type Position, type RowModel } from '../lib/grid-model';
import { CellView } from './cell-view';
import { InlineEditor } from './inline-editor';

/** What a row can ask of the grid; reached through one stable ref so memoised rows stay current. */
export interface RowActions {
  confirmRow: (key: string) => void;
  deleteRow: (row: RowModel) => void;
  toggleRow: (id: string) => void;
  setMenuRow: (key: string | null) => void;
  activate: (pos: Position, isEditing: boolean) => void;
  startEdit: (pos: Position) => void;
  writeCell: (row: RowModel, column: GridColumn, value: unknown) => void;
  commitEdit: (text: string, move?: Position) => void;
  cancelEdit: () => void;
  addOption: (row: RowModel, column: GridColumn) => void;
}

interface GridRowProps {
  row: RowModel;
  index: number;
  start: number;
  columns: GridColumn[];
  activeCol: number | null;
  editing: EditState | null;
  isSelected: boolean;
  isSaving: boolean;
  isBusy: boolean;
  isMenuOpen: boolean;
  actions: RefObject<RowActions>;
}

const ROW_ACTIONS_CLASS =
  'ml-auto flex size-7 items-center justify-center rounded-md text-ink-faint hover:bg-zinc-200/70 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500 ' +
  'data-[state=open]:bg-zinc-200/70 sm:opacity-0 sm:group-hover:opacity-100 sm:focus-visible:opacity-100 sm:data-[state=open]:opacity-100';

/**
 * One grid row. Memoised so scrolling only renders the rows that come into view; the row menu is
 * a plain button until opened, so thousands of rows do not each mount a menu.
 */
export const GridRow = memo(function GridRow({
  row,
  index,
  start,
  columns,
  activeCol,
  editing,
  isSelected,
  isSaving,
  isBusy,
  isMenuOpen,
  actions,
}: GridRowProps) {
  const isPending = row.kind === 'pending';
  const act = () => actions.current;
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={isSelected || undefined}
      data-pending={isPending || undefined}
      className={cn(
        'group absolute left-0 flex w-full border-b border-line',
        isPending ? 'bg-brand-50/70' : isSelected ? 'bg-brand-50/40' : 'bg-surface hover:bg-surface-muted/70',
        isSaving && 'opacity-60',
      )}
      style={{ height: ROW_HEIGHT, transform: `translateY(${start}px)` }}
    >
      <div
        className={cn(
          'sticky left-0 z-10 flex shrink-0 items-center gap-1 border-r border-line px-3',
          isPending || isSelected ? 'bg-brand-50' : 'bg-surface group-hover:bg-surface-muted',
        )}
        style={{ width: GUTTER_WIDTH }}
      >
        {isPending ? (
          <>
            <button
              type="button"
              onClick={() => act().confirmRow(row.key)}
              disabled={isSaving}
              className="flex size-7 items-center justify-center rounded-md bg-brand-600 text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-500"
              aria-label="Save row"
              title="Save row"
            >
              {isSaving ? <Spinner size={12} /> : <Check className="size-4" aria-hidden />}
            </button>
            <button
              type="button"
              onClick={() => act().deleteRow(row)}
              className="flex size-7 items-center justify-center rounded-md text-ink-subtle hover:bg-zinc-200/70 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500"
              aria-label="Discard row"
              title="Discard row"
            >
              <X className="size-4" aria-hidden />
            </button>
          </>
        ) : (
          <>
            <Checkbox
              aria-label="Select row"
              checked={isSelected}
              onChange={() => act().toggleRow(row.key)}
              disabled={isBusy}
            />
            {isMenuOpen ? (
              <Menu open onOpenChange={(open) => !open && act().setMenuRow(null)}>
                <MenuTrigger className={ROW_ACTIONS_CLASS} aria-label="Row actions">
                  <MoreHorizontal className="size-4" aria-hidden />
                </MenuTrigger>
                <MenuContent align="start" className="min-w-44">
                  <MenuItem onSelect={() => act().deleteRow(row)} className="text-red-700 [&_svg]:text-red-600">
                    <Trash2 aria-hidden />
                    Delete row
                  </MenuItem>
                </MenuContent>
              </Menu>
            ) : (
              <button
                type="button"
                className={ROW_ACTIONS_CLASS}
                aria-label="Row actions"
                aria-haspopup="menu"
                onClick={() => act().setMenuRow(row.key)}
              >
                <MoreHorizontal className="size-4" aria-hidden />
              </button>
            )}
          </>
        )}
      </div>
      {columns.map((column, colIndex) => {
        const isActive = activeCol === colIndex;
        const isEditing = editing?.col === colIndex;
        return (
          <div
            key={column.key}
            role="gridcell"
            data-cell={`${index}:${colIndex}`}
            data-key={column.key}
            aria-selected={isActive}
            aria-readonly={column.readonly || undefined}
            onClick={() => act().activate({ row: index, col: colIndex }, isEditing)}
            onDoubleClick={() =>
              !isEditing && column.dataType !== 'boolean' && act().startEdit({ row: index, col: colIndex })
            }
            className={cn(
              'relative flex shrink-0 items-center overflow-hidden border-r border-line px-3 text-ink',
              column.readonly && 'bg-surface-muted/40',
              isActive && !isEditing && 'z-[1] outline-2 -outline-offset-2 outline-brand-500',
            )}
            style={{ width: column.width }}
          >
            {isEditing && editing ? (
              <InlineEditor
                column={column}
                initial={editing.draft}
                onCommit={(text, move) =>
                  act().commitEdit(
                    text,
                    move === 'down'
                      ? { row: index + 1, col: colIndex }
                      : move === 'right'
                        ? { row: index, col: colIndex + 1 }
                        : undefined,
                  )
                }
                onCancel={() => act().cancelEdit()}
                onAddOption={() => act().addOption(row, column)}
              />
            ) : (
              <CellView
                column={column}
                value={row.values[column.key]}
                onToggle={
                  column.readonly
                    ? undefined
                    : () => {
                        act().activate({ row: index, col: colIndex }, false);
                        act().writeCell(row, column, !toBoolean(row.values[column.key]));
                      }
                }
              />
            )}
          </div>
        );
      })}
    </div>
  );
});
