import { Download, Plus, Trash2, Upload } from 'lucide-react';
import { Button, Dialog, DialogClose, DialogContent, Progress, Spinner } from '@tessera/ui';
import type { BulkState } from '../hooks/use-bulk-delete';

interface GridToolbarProps {
  bulk: BulkState;
  selectedCount: number;
  rowCountLabel: string;
  isExporting: boolean;
  onCancelBulk: () => void;
  onDeleteSelected: () => void;
  onClearSelection: () => void;
  onAddRow: () => void;
  onExport: () => void;
  onImport: () => void;
}

/** Above the grid: the bulk delete's progress, or the selection's actions, or add / export / import. */
export function GridToolbar(props: GridToolbarProps) {
  const { bulk, selectedCount } = props;
  return (
    <div className="flex min-h-9 flex-wrap items-center gap-2">
      {bulk.status === 'processing' ? (
        <div
          className="flex w-full items-center gap-3 rounded-xl border border-line bg-surface px-3 py-2 shadow-xs"
          role="status"
        >
          <Spinner size={14} />
          <span className="shrink-0 text-[13px] font-medium text-ink">
            Deleting {bulk.total} rows… {bulk.percent}%
          </span>
          <Progress value={bulk.percent} label="Bulk delete progress" className="min-w-16 flex-1" />
          <Button size="sm" variant="secondary" disabled={bulk.isCancelling} onClick={props.onCancelBulk}>
            {bulk.isCancelling ? 'Cancelling…' : 'Cancel'}
          </Button>
        </div>
      ) : selectedCount > 0 ? (
        <>
          <span className="text-[13px] font-medium text-ink">{selectedCount} selected</span>
          <Button size="sm" variant="danger" onClick={props.onDeleteSelected}>
            <Trash2 aria-hidden />
            Delete selected
          </Button>
          <Button size="sm" variant="ghost" onClick={props.onClearSelection}>
            Clear selection
          </Button>
        </>
      ) : (
        <>
          <Button size="sm" onClick={props.onAddRow}>
            <Plus aria-hidden />
            Add row
          </Button>
          <Button size="sm" variant="secondary" onClick={props.onExport} loading={props.isExporting}>
            <Download aria-hidden />
            Export CSV
          </Button>
          <Button size="sm" variant="secondary" onClick={props.onImport}>
            <Upload aria-hidden />
            Import CSV
          </Button>
          <span className="ml-auto text-[13px] text-ink-subtle tabular-nums" aria-live="polite">
            {props.rowCountLabel}
          </span>
        </>
      )}
    </div>
  );
}

interface BulkDeleteDialogProps {
  open: boolean;
  count: number;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before the selected rows go, naming how many. */
export function BulkDeleteDialog({ open, count, onConfirm, onClose }: BulkDeleteDialogProps) {
  const rows = `${count} ${count === 1 ? 'row' : 'rows'}`;
  return (
    <Dialog open={open} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent
        size="sm"
        title={`Delete ${rows}?`}
        description="They are removed from this table. You can undo it from the message shown right after."
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary">Keep them</Button>
            </DialogClose>
            <Button variant="danger" onClick={onConfirm}>
              <Trash2 aria-hidden />
              Delete {rows}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
