import type { CodeFile, ReferenceUpdate } from '@tessera/contracts/code';
import { Button, Dialog, DialogContent } from '@tessera/ui';

export interface DeleteFileDialogProps {
  file: CodeFile | null;
  /** The files whose imports of it will be updated. */
  references: ReferenceUpdate[];
  isDeleting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before a file goes, naming the files whose imports of it will be updated. */
export function DeleteFileDialog({ file, references, isDeleting, onConfirm, onCancel }: DeleteFileDialogProps) {
  return (
    <Dialog open={file !== null} onOpenChange={(open) => !open && !isDeleting && onCancel()}>
      {file && (
        <DialogContent
          size="sm"
          title={`Delete ${file.path}?`}
          description="A new version is saved without it; you can restore the one before."
          footer={
            <>
              <Button variant="secondary" onClick={onCancel} disabled={isDeleting}>
                Cancel
              </Button>
              <Button variant="danger" onClick={onConfirm} loading={isDeleting}>
                Delete file
              </Button>
            </>
          }
        >
          {references.length === 0 ? (
            <p className="text-sm text-ink-muted">No other file imports it.</p>
          ) : (
            <div className="space-y-2 text-sm text-ink-muted">
              <p>These imports will be updated:</p>
              <ul aria-label="Imports to update" className="space-y-1">
                {references.map((ref) => (
                  <li key={ref.path} className="rounded-lg bg-zinc-50 px-3 py-2">
                    <span className="font-mono text-[12px] text-ink">{ref.path}</span>
                    {ref.names.length > 0 && (
                      <span className="block text-xs text-ink-subtle">
                        removes {ref.names.map((n) => `<${n}>`).join(', ')} and its import
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}
