import { useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { MESSAGES } from '@tessera/contracts';
import { toast } from '@tessera/ui';
import { errorMessage } from '../../../shared/api';
import { databaseKeys, recordsApi, type EntityRecord, type RecordsPage, type useEntityRecords } from '../api/database';
import { isEmptyRow } from '../lib/cell-values';
import type { GridColumn } from '../lib/columns';
import type { PendingRow, RowModel } from '../lib/grid-model';

const LEAVE_PROMPT = 'You have unsaved changes! Are you sure you want to leave?';

const withoutKey = (set: Set<string>, key: string) => {
  const next = new Set(set);
  next.delete(key);
  return next;
};

/**
 * The grid's rows (drafts first, then the loaded records) and the writes on them: cells are shown
 * changed at once and put back when the server refuses; drafts are saved or discarded one by one.
 */
export function useRecordWrites(
  appId: string,
  entity: string,
  records: ReturnType<typeof useEntityRecords>,
  refreshRecords: () => Promise<void>,
) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingRow[]>([]);
  const [savingKeys, setSavingKeys] = useState<Set<string>>(new Set());
  const pendingCounter = useRef(0);

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

  // Unsaved drafts ask before the page is left (browsers show their own wording).
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

  /** Rewrites the cached rows; `totalDelta` keeps the server's row count in step (+1 created, -1 deleted). */
  function patchRecords(update: (page: EntityRecord[], index: number) => EntityRecord[], totalDelta = 0) {
    queryClient.setQueryData<InfiniteData<RecordsPage, number>>(databaseKeys.records(appId, entity), (data) =>
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

  /** A new empty draft at the top of the grid. */
  function addPendingRow() {
    const key = `pending-${++pendingCounter.current}`;
    setPending((list) => [{ key, values: {} }, ...list]);
  }

  async function confirmRow(key: string) {
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
      setSavingKeys((s) => withoutKey(s, key));
    }
  }

  /** Discards a draft, or deletes a stored row; `onDeleted` hears of a stored row gone. */
  async function deleteRow(row: RowModel, onDeleted: (key: string) => void) {
    if (row.kind === 'pending') {
      setPending((list) => list.filter((p) => p.key !== row.key));
      return;
    }
    setSavingKeys((s) => new Set(s).add(row.key));
    try {
      await recordsApi.delete(appId, entity, row.key);
      patchRecords((page) => page.filter((r) => r.id !== row.key), -1);
      onDeleted(row.key);
    } catch (err) {
      toast.error(MESSAGES.database.deleteRowFailed, { description: errorMessage(err) });
    } finally {
      setSavingKeys((s) => withoutKey(s, row.key));
    }
  }

  /** Drafts follow a renamed column. */
  function renamePendingField(from: string, to: string) {
    setPending((list) =>
      list.map((p) => {
        const { [from]: moved, ...values } = p.values;
        return moved === undefined ? p : { ...p, values: { ...values, [to]: moved } };
      }),
    );
  }

  return {
    loaded,
    rows,
    pendingCount: pending.length,
    savingKeys,
    writeCell,
    addPendingRow,
    confirmRow,
    deleteRow,
    renamePendingField,
  };
}
