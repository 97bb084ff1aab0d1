import { useEffect, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Check, Plus } from 'lucide-react';
import type { EntitySchema } from '@tessera/contracts/entities';
import { Button, Spinner } from '@tessera/ui';
import { useEntityRecords, useSchemaMutations, type RecordsPage } from '../api/database';
import { useBulkDelete } from '../hooks/use-bulk-delete';
import { useColumnActions } from '../hooks/use-column-actions';
import { useCsvExport } from '../hooks/use-csv-export';
import { useGridNavigation } from '../hooks/use-grid-navigation';
import { useLatest } from '../hooks/use-latest';
import { useRecordWrites } from '../hooks/use-record-writes';
import { ADD_COLUMN_WIDTH, GRID_HEIGHT, GUTTER_WIDTH, ROW_HEIGHT } from '../lib/grid-model';
import { GridHeaderRow, type HeaderActions } from './column-header';
import { ColumnDialog } from './column-dialogs';
import { CsvImportDialog } from './csv-import/csv-import-dialog';
import { GridCellDialogs } from './grid-cell-dialogs';
import { GridRow, type RowActions } from './grid-row';
import { BulkDeleteDialog, GridToolbar } from './grid-toolbar';

/** Start loading the next page of 1000 when this close to the end of the loaded rows. */
const PREFETCH_ROWS = 100;

export interface DataGridProps {
  appId: string;
  entity: string;
  schema: EntitySchema;
  onSchemaSaved: (name: string, schema: EntitySchema) => void;
}

/** The spreadsheet-style table of one entity; a different entity starts clean. */
export function DataGrid(props: DataGridProps) {
  return <EntityGrid key={props.entity} {...props} />;
}

/** "1,234 rows", "About 2,000,000 rows" or "1,000+ rows", from what is loaded and the server's count. */
function rowCountText(isPending: boolean, loaded: number, hasNextPage: boolean, firstPage: RecordsPage | undefined) {
  if (isPending) return 'Loading rows…';
  const total = hasNextPage ? firstPage?.total : undefined;
  const count = total != null ? Math.max(total, loaded) : loaded;
  const about = total != null && firstPage?.isTotalEstimated ? 'About ' : '';
  const more = hasNextPage && total == null ? '+' : '';
  return `${about}${count.toLocaleString('en-US')}${more} ${count === 1 ? 'row' : 'rows'}`;
}

function EntityGrid({ appId, entity, schema, onSchemaSaved }: DataGridProps) {
  const records = useEntityRecords(appId, entity);
  const mutations = useSchemaMutations(appId, entity, onSchemaSaved);
  const { refreshRecords } = mutations;
  const writes = useRecordWrites(appId, entity, records, refreshRecords);
  const { rows, loaded } = writes;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [menuRowKey, setMenuRowKey] = useState<string | null>(null);
  const [isImportOpen, setIsImportOpen] = useState(false);

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

  const columnActions = useColumnActions({
    schema,
    mutations,
    loaded,
    onColumnDeleted: () => nav.setActive(null),
    onColumnRenamed: writes.renamePendingField,
  });
  const { columns, propertyNames } = columnActions;
  const nav = useGridNavigation({ rows, columns, scrollRef, virtualizer, writeCell: writes.writeCell });
  const selection = useBulkDelete({ appId, entity, fields: propertyNames, loaded, refreshRecords });
  const { isExporting, exportCsv } = useCsvExport(appId, entity, propertyNames);

  function addRow() {
    writes.addPendingRow();
    nav.setActive({ row: 0, col: 0 });
    virtualizer.scrollToIndex(0);
    scrollRef.current?.focus({ preventScroll: true });
  }

  // Rows and headers are memoised: they reach the grid's current handlers through stable refs.
  const rowActions = useLatest<RowActions>({
    confirmRow: (key) => void writes.confirmRow(key),
    deleteRow: (row) => void writes.deleteRow(row, selection.unselect),
    toggleRow: selection.toggleRow,
    setMenuRow: setMenuRowKey,
    activate: nav.activate,
    startEdit: nav.startEdit,
    writeCell: (row, column, value) => void writes.writeCell(row, column, value),
    commitEdit: nav.commitEdit,
    cancelEdit: nav.cancelEdit,
    addOption: nav.openOptionDialog,
  });
  const headerActions = useLatest<HeaderActions>({
    onAction: columnActions.onHeaderAction,
    onResizeStart: columnActions.startResize,
  });

  const { cellDialog } = nav;
  const dialogRow = cellDialog ? rows.find((r) => r.key === cellDialog.rowKey) : undefined;
  const totalWidth = GUTTER_WIDTH + columns.reduce((sum, c) => sum + c.width, 0) + ADD_COLUMN_WIDTH;
  const placeholderStyle = { height: GRID_HEIGHT - ROW_HEIGHT - 2, width: scrollRef.current?.clientWidth ?? '100%' };

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <GridToolbar
        bulk={selection.bulk}
        selectedCount={selection.selected.size}
        rowCountLabel={rowCountText(records.isPending, loaded.length, hasNextPage, records.data?.pages[0])}
        isExporting={isExporting}
        onCancelBulk={selection.cancel}
        onDeleteSelected={selection.requestDelete}
        onClearSelection={selection.clearSelection}
        onAddRow={addRow}
        onExport={() => void exportCsv()}
        onImport={() => setIsImportOpen(true)}
      />

      <div
        ref={scrollRef}
        role="grid"
        aria-label={`${entity} rows`}
        aria-rowcount={rows.length + 1}
        aria-colcount={columns.length}
        tabIndex={0}
        onKeyDown={nav.handleKeyDown}
        className="relative overflow-auto rounded-xl border border-line bg-surface text-[13px] shadow-xs outline-none focus-visible:border-brand-300"
        style={{ height: GRID_HEIGHT }}
      >
        <div style={{ width: totalWidth, minWidth: '100%' }}>
          <GridHeaderRow
            columns={columns}
            actions={headerActions}
            allSelected={selection.allSelected}
            someSelected={selection.someSelected}
            canSelect={loaded.length > 0 && !selection.isBusy}
            onToggleAll={selection.toggleAll}
            onAddColumn={columnActions.openAddColumn}
          />
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
                  activeCol={nav.active?.row === item.index ? nav.active.col : null}
                  editing={nav.editing?.row === item.index ? nav.editing : null}
                  isSelected={row.kind === 'record' && selection.selected.has(row.key)}
                  isSaving={writes.savingKeys.has(row.key)}
                  isBusy={selection.isBusy}
                  isMenuOpen={menuRowKey === row.key}
                  actions={rowActions}
                />
              );
            })}
          </div>
          {!records.isPending && rows.length === 0 && (
            <div
              className="sticky left-0 flex flex-col items-center justify-center gap-3 px-6 text-center"
              style={placeholderStyle}
            >
              <p className="text-sm font-medium text-ink">No rows yet</p>
              <p className="max-w-xs text-[13px] text-ink-subtle">
                Add the first row here, or let your app’s users fill this table.
              </p>
              <Button size="sm" variant="secondary" onClick={addRow}>
                <Plus aria-hidden />
                Add row
              </Button>
            </div>
          )}
          {records.isPending && (
            <div className="sticky left-0 flex items-center justify-center text-brand-600" style={placeholderStyle}>
              <Spinner size={22} label="Loading rows" />
            </div>
          )}
        </div>
      </div>
      {isFetchingNextPage && <p className="text-[13px] text-ink-subtle">Loading more rows…</p>}
      {writes.pendingCount > 0 && (
        <p className="text-[13px] text-ink-subtle">
          New rows are drafts until you save them with{' '}
          <Check className="inline size-3.5 align-[-2px]" aria-label="the check button" />.
        </p>
      )}

      <BulkDeleteDialog
        open={selection.isConfirming}
        count={selection.selected.size}
        onConfirm={() => void selection.deleteSelected()}
        onClose={selection.dismissConfirm}
      />
      <CsvImportDialog
        open={isImportOpen}
        onOpenChange={setIsImportOpen}
        appId={appId}
        entity={entity}
        schema={schema}
        onImported={() => void refreshRecords()}
      />
      <ColumnDialog
        state={columnActions.columnDialog}
        existingNames={propertyNames}
        isSaving={columnActions.isSaving}
        onClose={columnActions.closeColumnDialog}
        onAdd={columnActions.addColumn}
        onRename={columnActions.renameColumn}
        onChangeType={columnActions.changeType}
        onDelete={columnActions.deleteColumn}
      />
      <GridCellDialogs
        appId={appId}
        dialog={cellDialog}
        row={dialogRow}
        columns={columns}
        isSavingOption={columnActions.isSavingOption}
        onClose={nav.closeCellDialog}
        writeCell={(row, column, value) => void writes.writeCell(row, column, value)}
        addOption={columnActions.addOption}
      />
    </div>
  );
}
