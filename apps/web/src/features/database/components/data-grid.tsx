import {
  memo,
  useEffect,
  useMemo,
  useRef,
  useState,
  type RefObject,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  ArrowLeftToLine,
  ArrowRightToLine,
  Check,
  ChevronDown,
  Download,
  Lock,
  MoreHorizontal,
  Pencil,
  Plus,
  Repeat,
  Trash2,
  Upload,
  X,
} from 'lucide-react';
import { MESSAGES, type EntitySchema } from '@tessera/contracts';
import {
  Button,
  Checkbox,
  Menu,
  MenuContent,
  MenuItem,
  MenuSeparator,
  MenuTrigger,
  Progress,
  Spinner,
  cn,
  toast,
} from '@tessera/ui';
import { errorMessage } from '../../../shared/api';
import {
  databaseKeys,
  fetchAllRecords,
  recordsApi,
  useEntityRecords,
  useSchemaMutations,
  type EntityRecord,
  type RecordsPage,
} from '../api/database';
import { BULK_DELETE_REFRESH_DELAY_MS, runInChunks } from '../lib/bulk-delete';
import { isEmptyRow, isLongText, parseCellInput, toBoolean, toDateTimeLocal, toEditText } from '../lib/cell-values';
import {
  ADD_COLUMN_ID,
  clampWidth,
  columnsFromSchema,
  propertyForType,
  withOption,
  withoutProperty,
  withProperty,
  type ColumnType,
  type GridColumn,
} from '../lib/columns';
import { exportFileName, toCsv } from '../lib/csv-export';
import { AddOptionDialog, ImageCellDialog, MultiselectDialog, TextCellDialog } from './cell-dialogs';
import { CellView, COLUMN_ICONS } from './cell-view';
import { ColumnDialog, type ColumnDialogState } from './column-dialogs';
import { CsvImportDialog } from './csv-import/csv-import-dialog';

/** Spec 2 §9: the table is a virtual list 480 px high with 40 px rows. */
const GRID_HEIGHT = 480;
const ROW_HEIGHT = 40;
const GUTTER_WIDTH = 76;
const ADD_COLUMN_WIDTH = 48;
/** Start loading the next page of 1000 when this close to the end of the loaded rows. */
const PREFETCH_ROWS = 100;

/** Toasts of spec 2 §8. */

const LEAVE_PROMPT = 'You have unsaved changes! Are you sure you want to leave?';

type RowModel =
  | { kind: 'pending'; key: string; values: Record<string, unknown> }
  | { kind: 'record'; key: string; values: EntityRecord };
type Position = { row: number; col: number };
type CellDialog = { kind: 'text' | 'multiselect' | 'option' | 'image'; rowKey: string; column: GridColumn } | null;
type BulkState = { status: 'idle' } | { status: 'processing'; percent: number; total: number; isCancelling: boolean };

export interface DataGridProps {
  appId: string;
  entity: string;
  schema: EntitySchema;
  onSchemaSaved: (name: string, schema: EntitySchema) => void;
}

/** The spreadsheet-style table of one entity (spec 3 §3–§5, spec 2 §3–§9). */
export function DataGrid({ appId, entity, schema, onSchemaSaved }: DataGridProps) {
  const queryClient = useQueryClient();
  const records = useEntityRecords(appId, entity);
  const { save: saveSchema, rename, refreshRecords } = useSchemaMutations(appId, entity, onSchemaSaved);
  const [widths, setWidths] = useState<Record<string, number>>({});
  const columns = useMemo(() => columnsFromSchema(schema, widths), [schema, widths]);
  const [pending, setPending] = useState<Array<{ key: string; values: Record<string, unknown> }>>([]);
  const [savingKeys, setSavingKeys] = useState<Set<string>>(new Set());
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [active, setActive] = useState<Position | null>(null);
  const [editing, setEditing] = useState<(Position & { draft: string }) | null>(null);
  const [cellDialog, setCellDialog] = useState<CellDialog>(null);
  const [columnDialog, setColumnDialog] = useState<ColumnDialogState>(null);
  const [bulk, setBulk] = useState<BulkState>({ status: 'idle' });
  const [isExporting, setIsExporting] = useState(false);
  const [isImportOpen, setIsImportOpen] = useState(false);
  const cancelRef = useRef(false);
  const [menuRowKey, setMenuRowKey] = useState<string | null>(null);
  const actionsRef = useRef<RowActions>(null as unknown as RowActions);
  const headerActionsRef = useRef<HeaderActions>(null as unknown as HeaderActions);
  const pendingCounter = useRef(0);
  const scrollRef = useRef<HTMLDivElement>(null);

  // Rows created or deleted here shift the server's paging by a few; a row seen twice is shown once.
  const loaded = useMemo(() => {
    const seen = new Set<string>();
    return (records.data?.pages.flatMap((page) => page.rows) ?? []).filter(
      (r) => !seen.has(r.id) && Boolean(seen.add(r.id)),
    );
  }, [records.data]);
  const rows: RowModel[] = useMemo(
    () => [
      ...pending.map((p) => ({ kind: 'pending' as const, ...p })),
      ...loaded.map((r) => ({ kind: 'record' as const, key: r.id, values: r })),
    ],
    [pending, loaded],
  );
  const totalWidth = GUTTER_WIDTH + columns.reduce((sum, c) => sum + c.width, 0) + ADD_COLUMN_WIDTH;

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  const virtualRows = virtualizer.getVirtualItems();
  const lastIndex = virtualRows.at(-1)?.index ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = records;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= rows.length - PREFETCH_ROWS) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, lastIndex, rows.length]);

  // Spec 3 §2: unsaved pending rows ask before the page is left (browsers show their own wording).
  const hasDrafts = pending.some((p) => !isEmptyRow(p.values));
  useEffect(() => {
    if (!hasDrafts) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = LEAVE_PROMPT;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [hasDrafts]);

  // A different entity starts clean.
  useEffect(() => {
    setPending([]);
    setSelected(new Set());
    setActive(null);
    setEditing(null);
    setWidths({});
  }, [entity]);

  // ---- cache helpers ----
  const recordsKey = databaseKeys.records(appId, entity);
  /** Rewrites the cached rows; `totalDelta` keeps the server's row count in step (+1 created, -1 deleted). */
  function patchRecords(update: (page: EntityRecord[], index: number) => EntityRecord[], totalDelta = 0) {
    queryClient.setQueryData<InfiniteData<RecordsPage, number>>(recordsKey, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page, i) => ({
              ...page,
              rows: update(page.rows, i),
              total: i === 0 && page.total !== null ? Math.max(0, page.total + totalDelta) : page.total,
            })),
          }
        : data,
    );
  }

  // ---- row and cell writes ----
  async function writeCell(row: RowModel, column: GridColumn, value: unknown) {
    if (row.kind === 'pending') {
      setPending((list) =>
        list.map((p) => (p.key === row.key ? { ...p, values: { ...p.values, [column.key]: value } } : p)),
      );
      return;
    }
    if (JSON.stringify(row.values[column.key] ?? null) === JSON.stringify(value ?? null)) return;
    // Shown at once; the server's answer (or the old value on failure) replaces it.
    const before = row.values;
    patchRecords((page) => page.map((r) => (r.id === row.key ? { ...r, [column.key]: value } : r)));
    try {
      const saved = await recordsApi.update(appId, entity, row.key, { [column.key]: value });
      patchRecords((page) => page.map((r) => (r.id === saved.id ? saved : r)));
    } catch (err) {
      patchRecords((page) => page.map((r) => (r.id === before.id ? before : r)));
      toast.error(MESSAGES.database.updateRowFailed, { description: errorMessage(err) });
    }
  }

  function handleAddRow() {
    const key = `pending-${++pendingCounter.current}`;
    setPending((list) => [{ key, values: {} }, ...list]);
    setActive({ row: 0, col: 0 });
    virtualizer.scrollToIndex(0);
    scrollRef.current?.focus({ preventScroll: true });
  }

  async function handleConfirmRow(key: string) {
    const row = pending.find((p) => p.key === key);
    if (!row) return;
    if (isEmptyRow(row.values)) {
      console.warn(`[database] refused to save an empty ${entity} row`);
      toast.error('This row is empty', { description: 'Fill in at least one cell, then save the row.' });
      return;
    }
    setSavingKeys((s) => new Set(s).add(key));
    try {
      const created = await recordsApi.create(appId, entity, row.values);
      setPending((list) => list.filter((p) => p.key !== key));
      patchRecords((page, index) => (index === 0 ? [created, ...page] : page), 1);
      if (!records.data) void refreshRecords();
    } catch (err) {
      toast.error(MESSAGES.database.createRowFailed, { description: errorMessage(err) });
    } finally {
      setSavingKeys((s) => {
        const next = new Set(s);
        next.delete(key);
        return next;
      });
    }
  }

  async function handleDeleteRow(row: RowModel) {
    if (row.kind === 'pending') {
      setPending((list) => list.filter((p) => p.key !== row.key));
      return;
    }
    setSavingKeys((s) => new Set(s).add(row.key));
    try {
      await recordsApi.delete(appId, entity, row.key);
      patchRecords((page) => page.filter((r) => r.id !== row.key), -1);
      setSelected((s) => {
        const next = new Set(s);
        next.delete(row.key);
        return next;
      });
    } catch (err) {
      toast.error(MESSAGES.database.deleteRowFailed, { description: errorMessage(err) });
    } finally {
      setSavingKeys((s) => {
        const next = new Set(s);
        next.delete(row.key);
        return next;
      });
    }
  }

  // ---- editing ----
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

  function handleGridKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (editing || event.target !== event.currentTarget) return;
    if (!active) {
      if (rows.length && ['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight', 'Enter'].includes(event.key)) {
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

  // ---- columns ----
  const propertyNames = Object.keys(schema.properties);
  async function saveSchemaWith(next: EntitySchema, failure: string): Promise<boolean> {
    try {
      await saveSchema.mutateAsync(next);
      setColumnDialog(null);
      return true;
    } catch (err) {
      toast.error(failure, { description: errorMessage(err) });
      return false;
    }
  }

  function handleAddColumn(name: string, type: ColumnType, index: number) {
    void saveSchemaWith(withProperty(schema, name, propertyForType(type), index), 'Couldn’t add the column');
  }

  function handleChangeType(column: GridColumn, type: ColumnType) {
    const seen = new Set<string>(column.options.map((o) => o.label));
    if (!seen.size && (type === 'select' || type === 'multiselect')) {
      for (const r of loaded) {
        const v = r[column.key];
        for (const item of Array.isArray(v) ? v : [v])
          if (typeof item === 'string' && item.trim() && seen.size < 50) seen.add(item.trim());
      }
    }
    const next = withProperty(schema, column.key, propertyForType(type, [...seen]), propertyNames.indexOf(column.key));
    void saveSchemaWith(next, 'Couldn’t change the column type');
  }

  function handleRename(column: GridColumn, to: string) {
    if (to === column.key) return setColumnDialog(null);
    rename.mutate(
      { field: column.key, to },
      {
        onSuccess: () => {
          setWidths(({ [column.key]: width, ...rest }) => (width ? { ...rest, [to]: width } : rest));
          setPending((list) =>
            list.map((p) => {
              const { [column.key]: moved, ...values } = p.values;
              return moved === undefined ? p : { ...p, values: { ...values, [to]: moved } };
            }),
          );
          setColumnDialog(null);
        },
        onError: (err) => toast.error('Couldn’t rename the column', { description: errorMessage(err) }),
      },
    );
  }

  function handleDeleteColumn(column: GridColumn) {
    setActive(null);
    void saveSchemaWith(withoutProperty(schema, column.key), 'Couldn’t delete the column').then(
      (ok) => ok && void refreshRecords(),
    );
  }

  async function handleAddOption(column: GridColumn, label: string): Promise<boolean> {
    return saveSchemaWith(withOption(schema, column.key, label), 'Couldn’t add the option');
  }

  function startResize(event: ReactPointerEvent<HTMLDivElement>, column: GridColumn) {
    event.preventDefault();
    event.stopPropagation();
    const startX = event.clientX;
    const startWidth = column.width;
    const handle = event.currentTarget;
    handle.setPointerCapture(event.pointerId);
    const onMove = (e: PointerEvent) =>
      setWidths((w) => ({ ...w, [column.key]: clampWidth(startWidth + e.clientX - startX) }));
    const onUp = () => {
      handle.removeEventListener('pointermove', onMove);
      handle.removeEventListener('pointerup', onUp);
    };
    handle.addEventListener('pointermove', onMove);
    handle.addEventListener('pointerup', onUp);
  }

  // ---- selection, bulk delete, export ----
  const allSelected = loaded.length > 0 && loaded.every((r) => selected.has(r.id));
  const someSelected = selected.size > 0 && !allSelected;
  function toggleAll() {
    setSelected(allSelected ? new Set() : new Set(loaded.map((r) => r.id)));
  }
  function toggleRow(id: string) {
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  async function handleBulkDelete() {
    const ids = [...selected];
    if (!ids.length) return;
    cancelRef.current = false;
    setBulk({ status: 'processing', percent: 0, total: ids.length, isCancelling: false });
    let outcome: 'done' | 'cancelled' | 'failed';
    let done = 0;
    try {
      const result = await runInChunks({
        items: ids,
        run: async (chunk) => {
          await recordsApi.deleteMany(appId, entity, chunk);
        },
        onProgress: (percent, count) => {
          done = count;
          setBulk((b) => (b.status === 'processing' ? { ...b, percent } : b));
        },
        isCancelled: () => cancelRef.current,
      });
      outcome = result.status;
    } catch (err) {
      outcome = 'failed';
      toast.error(MESSAGES.database.deleteRowFailed, { description: errorMessage(err) });
    }
    if (outcome === 'done') toast.success(`Deleted ${done} ${done === 1 ? 'row' : 'rows'}`);
    if (outcome === 'cancelled') toast.info(`Stopped: ${done} of ${ids.length} rows deleted`);
    // Spec 2 §9: refresh 500 ms after the last chunk.
    setTimeout(() => {
      setSelected(new Set());
      setBulk({ status: 'idle' });
      void refreshRecords();
    }, BULK_DELETE_REFRESH_DELAY_MS);
  }

  async function handleExport() {
    setIsExporting(true);
    try {
      const all = await fetchAllRecords(appId, entity);
      if (!all.length) {
        toast.info(MESSAGES.database.noDataToExport);
        return;
      }
      const csvColumns = [
        { key: 'id', label: 'id' },
        ...propertyNames.map((key) => ({ key, label: key })),
        { key: 'createdAt', label: 'createdAt' },
        { key: 'creatorId', label: 'creatorId' },
      ];
      const blob = new Blob([toCsv(csvColumns, all)], { type: 'text/csv;charset=utf-8' });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = exportFileName(entity);
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (err) {
      toast.error('Failed to export data', { description: errorMessage(err) });
    } finally {
      setIsExporting(false);
    }
  }

  // Rows are memoised: they reach the grid's current handlers through one stable ref.
  actionsRef.current = {
    confirmRow: (key) => void handleConfirmRow(key),
    deleteRow: (row) => void handleDeleteRow(row),
    toggleRow,
    setMenuRow: setMenuRowKey,
    activate: (pos, isEditing) => {
      setActive(pos);
      if (!isEditing) scrollRef.current?.focus({ preventScroll: true });
    },
    startEdit,
    writeCell: (row, column, value) => void writeCell(row, column, value),
    commitEdit,
    cancelEdit,
    addOption: (row, column) => {
      setEditing(null);
      setCellDialog({ kind: 'option', rowKey: row.key, column });
    },
  };

  headerActionsRef.current = {
    onAction: (column, action) => {
      const index = propertyNames.indexOf(column.key);
      if (action === 'left') setColumnDialog({ mode: 'add', index });
      else if (action === 'right') setColumnDialog({ mode: 'add', index: index + 1 });
      else setColumnDialog({ mode: action, column });
    },
    onResizeStart: startResize,
  };

  const dialogRow = cellDialog ? rows.find((r) => r.key === cellDialog.rowKey) : undefined;
  const isBusy = bulk.status === 'processing';
  // Every row loaded: count them. Otherwise the server's X-Total-Count (an estimate on huge tables).
  const firstPage = records.data?.pages[0];
  const rowCount = hasNextPage && firstPage?.total != null ? Math.max(firstPage.total, loaded.length) : loaded.length;
  const isCountEstimated = hasNextPage && firstPage?.total != null && firstPage.isTotalEstimated;
  const rowCountLabel = records.isPending
    ? 'Loading rows…'
    : `${isCountEstimated ? 'About ' : ''}${rowCount.toLocaleString('en-US')}${hasNextPage && firstPage?.total == null ? '+' : ''} ${rowCount === 1 ? 'row' : 'rows'}`;

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <div className="flex min-h-9 flex-wrap items-center gap-2">
        {isBusy ? (
          <div
            className="flex w-full items-center gap-3 rounded-xl border border-line bg-surface px-3 py-2 shadow-xs"
            role="status"
          >
            <Spinner size={14} />
            <span className="shrink-0 text-[13px] font-medium text-ink">
              Deleting {bulk.total} rows… {bulk.percent}%
            </span>
            <Progress value={bulk.percent} label="Bulk delete progress" className="min-w-16 flex-1" />
            <Button
              size="sm"
              variant="secondary"
              disabled={bulk.isCancelling}
              onClick={() => {
                cancelRef.current = true;
                setBulk((b) => (b.status === 'processing' ? { ...b, isCancelling: true } : b));
              }}
            >
              {bulk.isCancelling ? 'Cancelling…' : 'Cancel'}
            </Button>
          </div>
        ) : selected.size > 0 ? (
          <>
            <span className="text-[13px] font-medium text-ink">{selected.size} selected</span>
            <Button size="sm" variant="danger" onClick={() => void handleBulkDelete()}>
              <Trash2 aria-hidden />
              Delete selected
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
              Clear selection
            </Button>
          </>
        ) : (
          <>
            <Button size="sm" onClick={handleAddRow}>
              <Plus aria-hidden />
              Add row
            </Button>
            <Button size="sm" variant="secondary" onClick={() => void handleExport()} loading={isExporting}>
              <Download aria-hidden />
              Export CSV
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setIsImportOpen(true)}>
              <Upload aria-hidden />
              Import CSV
            </Button>
            <span className="ml-auto text-[13px] text-ink-subtle tabular-nums" aria-live="polite">
              {rowCountLabel}
            </span>
          </>
        )}
      </div>

      <div
        ref={scrollRef}
        role="grid"
        aria-label={`${entity} rows`}
        aria-rowcount={rows.length + 1}
        aria-colcount={columns.length}
        tabIndex={0}
        onKeyDown={handleGridKeyDown}
        className="relative overflow-auto rounded-xl border border-line bg-surface text-[13px] shadow-xs outline-none focus-visible:border-brand-300"
        style={{ height: GRID_HEIGHT }}
      >
        <div style={{ width: totalWidth, minWidth: '100%' }}>
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
                onChange={toggleAll}
                disabled={!loaded.length || isBusy}
              />
            </div>
            {columns.map((column) => (
              <ColumnHeader key={column.key} column={column} actions={headerActionsRef} />
            ))}
            <div
              role="columnheader"
              data-column-id={ADD_COLUMN_ID}
              className="flex shrink-0 items-center justify-center"
              style={{ width: ADD_COLUMN_WIDTH }}
            >
              <button
                type="button"
                onClick={() => setColumnDialog({ mode: 'add', index: propertyNames.length })}
                className="flex size-7 items-center justify-center rounded-md text-ink-subtle hover:bg-zinc-200/70 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500"
                aria-label="Add column"
                title="Add column"
              >
                <Plus className="size-4" aria-hidden />
              </button>
            </div>
          </div>

          <div className="relative" style={{ height: virtualizer.getTotalSize() }}>
            {virtualRows.map((item) => {
              const row = rows[item.index]!;
              return (
                <GridRow
                  key={row.key}
                  row={row}
                  index={item.index}
                  start={item.start}
                  columns={columns}
                  activeCol={active?.row === item.index ? active.col : null}
                  editing={editing?.row === item.index ? editing : null}
                  isSelected={row.kind === 'record' && selected.has(row.key)}
                  isSaving={savingKeys.has(row.key)}
                  isBusy={isBusy}
                  isMenuOpen={menuRowKey === row.key}
                  actions={actionsRef}
                />
              );
            })}
          </div>
          {!records.isPending && rows.length === 0 && (
            <div
              className="sticky left-0 flex flex-col items-center justify-center gap-3 px-6 text-center"
              style={{ height: GRID_HEIGHT - ROW_HEIGHT - 2, width: scrollRef.current?.clientWidth ?? '100%' }}
            >
              <p className="text-sm font-medium text-ink">No rows yet</p>
              <p className="max-w-xs text-[13px] text-ink-subtle">
                Add the first row here, or let your app’s users fill this table.
              </p>
              <Button size="sm" variant="secondary" onClick={handleAddRow}>
                <Plus aria-hidden />
                Add row
              </Button>
            </div>
          )}
          {records.isPending && (
            <div
              className="sticky left-0 flex items-center justify-center text-brand-600"
              style={{ height: GRID_HEIGHT - ROW_HEIGHT - 2, width: scrollRef.current?.clientWidth ?? '100%' }}
            >
              <Spinner size={22} label="Loading rows" />
            </div>
          )}
        </div>
      </div>
      {isFetchingNextPage && <p className="text-[13px] text-ink-subtle">Loading more rows…</p>}
      {pending.length > 0 && (
        <p className="text-[13px] text-ink-subtle">
          New rows are drafts until you save them with{' '}
          <Check className="inline size-3.5 align-[-2px]" aria-label="the check button" />.
        </p>
      )}

      <CsvImportDialog
        open={isImportOpen}
        onOpenChange={setIsImportOpen}
        appId={appId}
        entity={entity}
        schema={schema}
        onImported={() => void refreshRecords()}
      />
      <ColumnDialog
        state={columnDialog}
        existingNames={propertyNames}
        isSaving={saveSchema.isPending || rename.isPending}
        onClose={() => setColumnDialog(null)}
        onAdd={handleAddColumn}
        onRename={handleRename}
        onChangeType={handleChangeType}
        onDelete={handleDeleteColumn}
      />
      {cellDialog?.kind === 'text' && dialogRow && (
        <TextCellDialog
          column={cellDialog.column}
          initialText={toEditText(cellDialog.column, dialogRow.values[cellDialog.column.key])}
          onClose={closeCellDialog}
          onSave={(value) => {
            closeCellDialog();
            void writeCell(dialogRow, cellDialog.column, value);
          }}
        />
      )}
      {cellDialog?.kind === 'image' && dialogRow && (
        <ImageCellDialog
          appId={appId}
          column={cellDialog.column}
          value={dialogRow.values[cellDialog.column.key]}
          onClose={closeCellDialog}
          onSave={(url) => {
            closeCellDialog();
            void writeCell(dialogRow, cellDialog.column, url);
          }}
        />
      )}
      {cellDialog?.kind === 'multiselect' && dialogRow && (
        <MultiselectDialog
          column={columns.find((c) => c.key === cellDialog.column.key) ?? cellDialog.column}
          value={dialogRow.values[cellDialog.column.key]}
          onAddOption={(label) => handleAddOption(cellDialog.column, label)}
          onClose={closeCellDialog}
          onSave={(values) => {
            closeCellDialog();
            void writeCell(dialogRow, cellDialog.column, values);
          }}
        />
      )}
      {cellDialog?.kind === 'option' && dialogRow && (
        <AddOptionDialog
          column={cellDialog.column}
          isSaving={saveSchema.isPending}
          onClose={closeCellDialog}
          onSubmit={(label) => {
            void handleAddOption(cellDialog.column, label).then((ok) => {
              if (!ok) return;
              closeCellDialog();
              void writeCell(dialogRow, cellDialog.column, label);
            });
          }}
        />
      )}
    </div>
  );
}

interface RowActions {
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
  editing: (Position & { draft: string }) | null;
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
const GridRow = memo(function GridRow({
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

type HeaderAction = 'left' | 'right' | 'rename' | 'type' | 'delete';

interface HeaderActions {
  onAction: (column: GridColumn, action: HeaderAction) => void;
  onResizeStart: (e: ReactPointerEvent<HTMLDivElement>, column: GridColumn) => void;
}

/** A column's header with its menu; memoised so scrolling does not re-render the header menus. */
const ColumnHeader = memo(function ColumnHeader({
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

const ADD_OPTION = '\u0000add-option';

function InlineEditor({
  column,
  initial,
  onCommit,
  onCancel,
  onAddOption,
}: {
  column: GridColumn;
  initial: string;
  onCommit: (text: string, move?: 'down' | 'right') => void;
  onCancel: () => void;
  onAddOption: () => void;
}) {
  const [text, setText] = useState(initial);
  const done = useRef(false);
  const finish = (fn: () => void) => {
    if (done.current) return;
    done.current = true;
    fn();
  };
  const editorClass =
    'absolute inset-0 h-full w-full border-0 bg-surface px-3 text-[13px] text-ink outline-2 -outline-offset-2 outline-brand-600';

  if (column.dataType === 'select') {
    return (
      <select
        autoFocus
        aria-label={column.label}
        className={editorClass}
        value={text}
        onChange={(e) => {
          if (e.target.value === ADD_OPTION) return finish(onAddOption);
          const value = e.target.value;
          finish(() => onCommit(value));
        }}
        onBlur={() => finish(onCancel)}
        onKeyDown={(e) => {
          e.stopPropagation();
          if (e.key === 'Escape') finish(onCancel);
        }}
      >
        <option value="">—</option>
        {column.options.map((o) => (
          <option key={o.label} value={o.label}>
            {o.label}
          </option>
        ))}
        <option value={ADD_OPTION}>+ Add option…</option>
      </select>
    );
  }
  return (
    <input
      autoFocus
      aria-label={column.label}
      type={column.dataType === 'datetime' ? 'datetime-local' : 'text'}
      inputMode={column.dataType === 'number' ? 'decimal' : undefined}
      className={editorClass}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onFocus={(e) => {
        if (e.target.type === 'text') e.target.setSelectionRange(e.target.value.length, e.target.value.length);
      }}
      onBlur={() => finish(() => onCommit(text))}
      onKeyDown={(e) => {
        e.stopPropagation();
        if (e.key === 'Enter') {
          e.preventDefault();
          finish(() => onCommit(text, 'down'));
        } else if (e.key === 'Tab') {
          e.preventDefault();
          finish(() => onCommit(text, 'right'));
        } else if (e.key === 'Escape') {
          e.preventDefault();
          finish(onCancel);
        }
      }}
    />
  );
}
