import { useRef, useState } from 'react';
import { MESSAGES } from '@tessera/contracts';
import { toast } from '@tessera/ui';
import { errorMessage } from '../../../shared/api';
import { recordsApi, type EntityRecord } from '../api/database';
import {
  BULK_DELETE_REFRESH_DELAY_MS,
  RESTORE_BATCH_SIZE,
  UNDO_TOAST_MS,
  chunk,
  restorableValues,
  runInChunks,
} from '../lib/bulk-delete';

export type BulkState =
  { status: 'idle' } | { status: 'processing'; percent: number; total: number; isCancelling: boolean };

interface BulkDeleteOptions {
  appId: string;
  entity: string;
  fields: readonly string[];
  loaded: EntityRecord[];
  refreshRecords: () => Promise<void>;
}

const rowsLabel = (n: number) => `${n} ${n === 1 ? 'row' : 'rows'}`;

/**
 * Row selection and the delete of the selected rows: asked for first, run in chunks that can be
 * cancelled, and undone from its toast by creating the deleted rows again (with new ids).
 */
export function useBulkDelete({ appId, entity, fields, loaded, refreshRecords }: BulkDeleteOptions) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [bulk, setBulk] = useState<BulkState>({ status: 'idle' });
  const [isConfirming, setIsConfirming] = useState(false);
  const cancelRef = useRef(false);

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
  function unselect(id: string) {
    setSelected((s) => {
      const next = new Set(s);
      next.delete(id);
      return next;
    });
  }

  async function restore(records: EntityRecord[]) {
    const values = records.map((record) => restorableValues(record, fields));
    let restored = 0;
    try {
      for (const batch of chunk(values, RESTORE_BATCH_SIZE)) {
        await recordsApi.bulkCreate(appId, entity, batch);
        restored += batch.length;
      }
      toast.success(`Restored ${rowsLabel(restored)}`);
    } catch (err) {
      toast.error(`Couldn’t restore the rows (${restored} of ${records.length} restored)`, {
        description: errorMessage(err),
      });
    }
    void refreshRecords();
  }

  async function deleteSelected() {
    setIsConfirming(false);
    const ids = [...selected];
    if (!ids.length) return;
    const byId = new Map(loaded.map((r) => [r.id, r]));
    cancelRef.current = false;
    setBulk({ status: 'processing', percent: 0, total: ids.length, isCancelling: false });
    let done = 0;
    // Once rows are gone, every message about it offers to bring them back.
    const undo = () => {
      const gone = ids.slice(0, done).flatMap((id) => byId.get(id) ?? []);
      return gone.length
        ? { duration: UNDO_TOAST_MS, action: { label: 'Undo', onClick: () => void restore(gone) } }
        : {};
    };
    try {
      const result = await runInChunks({
        items: ids,
        run: async (part) => {
          await recordsApi.deleteMany(appId, entity, part);
        },
        onProgress: (percent, count) => {
          done = count;
          setBulk((b) => (b.status === 'processing' ? { ...b, percent } : b));
        },
        isCancelled: () => cancelRef.current,
      });
      if (result.status === 'done') toast.success(`Deleted ${rowsLabel(done)}`, undo());
      else toast.info(`Stopped: ${done} of ${ids.length} rows deleted`, undo());
    } catch (err) {
      toast.error(MESSAGES.database.deleteRowFailed, { description: errorMessage(err), ...undo() });
    }
    // Refresh 500 ms after the last chunk.
    setTimeout(() => {
      setSelected(new Set());
      setBulk({ status: 'idle' });
      void refreshRecords();
    }, BULK_DELETE_REFRESH_DELAY_MS);
  }

  function cancel() {
    cancelRef.current = true;
    setBulk((b) => (b.status === 'processing' ? { ...b, isCancelling: true } : b));
  }

  return {
    selected,
    allSelected,
    someSelected,
    toggleAll,
    toggleRow,
    unselect,
    clearSelection: () => setSelected(new Set()),
    bulk,
    isBusy: bulk.status === 'processing',
    isConfirming,
    requestDelete: () => setIsConfirming(true),
    dismissConfirm: () => setIsConfirming(false),
    deleteSelected,
    cancel,
  };
}
