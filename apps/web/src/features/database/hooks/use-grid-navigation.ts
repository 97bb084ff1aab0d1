import { useState, type KeyboardEvent, type RefObject } from 'react';
import type { Virtualizer } from '@tanstack/react-virtual';
import { MESSAGES } from '@tessera/contracts';
import { toast } from '@tessera/ui';
import { isLongText, parseCellInput, toBoolean, toDateTimeLocal, toEditText } from '../lib/cell-values';
import type { GridColumn } from '../lib/columns';
import type { CellDialog, EditState, Position, RowModel } from '../lib/grid-model';

interface GridNavigationOptions {
  rows: RowModel[];
  columns: GridColumn[];
  scrollRef: RefObject<HTMLDivElement | null>;
  virtualizer: Virtualizer<HTMLDivElement, Element>;
  writeCell: (row: RowModel, column: GridColumn, value: unknown) => Promise<void>;
}

const MOVE_KEYS = ['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight', 'Enter'];

/**
 * The active cell, the keyboard, and editing: inline for short values, a dialog for long text,
 * JSON, multiselect and image cells; a boolean flips at once.
 */
export function useGridNavigation({ rows, columns, scrollRef, virtualizer, writeCell }: GridNavigationOptions) {
  const [active, setActive] = useState<Position | null>(null);
  const [editing, setEditing] = useState<EditState | null>(null);
  const [cellDialog, setCellDialog] = useState<CellDialog>(null);

  /** Back to the grid at once, so the next key lands there; again after a closing dialog restores focus. */
  function focusGrid() {
    scrollRef.current?.focus({ preventScroll: true });
    requestAnimationFrame(() => {
      if (!document.activeElement || document.activeElement === document.body)
        scrollRef.current?.focus({ preventScroll: true });
    });
  }

  function closeCellDialog() {
    setCellDialog(null);
    focusGrid();
  }

  function startEdit(pos: Position, typed?: string) {
    const row = rows[pos.row];
    const column = columns[pos.col];
    if (!row || !column || column.readonly) return;
    const value = row.values[column.key];
    switch (column.dataType) {
      case 'boolean':
        void writeCell(row, column, !toBoolean(value));
        return;
      case 'json':
        setCellDialog({ kind: 'text', rowKey: row.key, column });
        return;
      case 'multiselect':
        setCellDialog({ kind: 'multiselect', rowKey: row.key, column });
        return;
      case 'image':
        setCellDialog({ kind: 'image', rowKey: row.key, column });
        return;
      case 'text':
        if (isLongText(value)) {
          setCellDialog({ kind: 'text', rowKey: row.key, column });
          return;
        }
        break;
      default:
        break;
    }
    const draft = typed ?? (column.dataType === 'datetime' ? toDateTimeLocal(value) : toEditText(column, value));
    setEditing({ ...pos, draft });
  }

  function moveTo(pos: Position) {
    const next = {
      row: Math.max(0, Math.min(rows.length - 1, pos.row)),
      col: Math.max(0, Math.min(columns.length - 1, pos.col)),
    };
    setActive(next);
    virtualizer.scrollToIndex(next.row);
    requestAnimationFrame(() => {
      scrollRef.current
        ?.querySelector(`[data-cell="${next.row}:${next.col}"]`)
        ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    });
  }

  function commitEdit(text: string, move?: Position) {
    if (!editing) return;
    const row = rows[editing.row];
    const column = columns[editing.col];
    setEditing(null);
    if (move) moveTo(move);
    focusGrid();
    if (!row || !column) return;
    const parsed = parseCellInput(column, text);
    if (!parsed.ok) {
      toast.error(MESSAGES.database.updateRowFailed, { description: parsed.error });
      return;
    }
    void writeCell(row, column, parsed.value);
  }

  function cancelEdit() {
    setEditing(null);
    focusGrid();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (editing || event.target !== event.currentTarget) return;
    if (!active) {
      if (rows.length && MOVE_KEYS.includes(event.key)) {
        event.preventDefault();
        moveTo({ row: 0, col: 0 });
      }
      return;
    }
    const moves: Record<string, Position> = {
      ArrowUp: { row: active.row - 1, col: active.col },
      ArrowDown: { row: active.row + 1, col: active.col },
      ArrowLeft: { row: active.row, col: active.col - 1 },
      ArrowRight: { row: active.row, col: active.col + 1 },
    };
    if (moves[event.key]) {
      event.preventDefault();
      moveTo(moves[event.key]!);
    } else if (event.key === 'Enter' || event.key === 'F2') {
      event.preventDefault();
      startEdit(active);
    } else if (event.key === ' ' && columns[active.col]?.dataType === 'boolean') {
      event.preventDefault();
      startEdit(active);
    } else if (event.key === 'Escape') {
      setActive(null);
    } else if (event.key.length === 1 && !event.metaKey && !event.ctrlKey && !event.altKey) {
      const column = columns[active.col];
      if (column && !column.readonly && (column.dataType === 'text' || column.dataType === 'number')) {
        event.preventDefault();
        startEdit(active, event.key);
      }
    }
  }

  /** A click on a cell makes it active; the grid keeps the keyboard unless the cell is being edited. */
  function activate(pos: Position, isEditing: boolean) {
    setActive(pos);
    if (!isEditing) scrollRef.current?.focus({ preventScroll: true });
  }

  /** "+ Add option…" from a select's inline editor opens the add-option dialog for that cell. */
  function openOptionDialog(row: RowModel, column: GridColumn) {
    setEditing(null);
    setCellDialog({ kind: 'option', rowKey: row.key, column });
  }

  return {
    active,
    setActive,
    editing,
    cellDialog,
    closeCellDialog,
    startEdit,
    commitEdit,
    cancelEdit,
    moveTo,
    handleKeyDown,
    activate,
    openOptionDialog,
  };
}
