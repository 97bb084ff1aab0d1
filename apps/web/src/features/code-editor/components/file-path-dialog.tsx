import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogContent, Field, Input } from '@tessera/ui';

export interface FilePathDialogProps {
  /** What the dialog does: a new file's path, or a file's new path. */
  mode: { kind: 'new'; initialPath: string } | { kind: 'rename'; from: string } | null;
  onSubmit: (path: string) => Promise<string | null>;
  onCancel: () => void;
}

/** "New file" and "Rename": one path field; the server's refusal shows under it. */
export function FilePathDialog({ mode, onSubmit, onCancel }: FilePathDialogProps) {
  return (
    <Dialog open={mode !== null} onOpenChange={(open) => !open && onCancel()}>
      {mode && (
        <DialogContent size="sm" title={mode.kind === 'new' ? 'New file' : `Rename ${mode.from}`}>
          <PathForm
            key={mode.kind === 'new' ? mode.initialPath : mode.from}
            initial={mode.kind === 'new' ? mode.initialPath : mode.from}
            submitLabel={mode.kind === 'new' ? 'Create file' : 'Rename'}
            onSubmit={onSubmit}
            onCancel={onCancel}
          />
        </DialogContent>
      )}
    </Dialog>
  );
}

function PathForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: string;
  submitLabel: string;
  onSubmit: (path: string) => Promise<string | null>;
  onCancel: () => void;
}) {
  const [path, setPath] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (isBusy) return;
    const trimmed = path.trim();
    if (!trimmed) {
      setError('File path is required');
      return;
    }
    setIsBusy(true);
    setError(await onSubmit(trimmed));
    setIsBusy(false);
  }

  return (
    <form onSubmit={handleSubmit} className="space-y-4" noValidate>
      <Field label="Path" error={error} hint="pages/, components/ or services/, ending in .jsx or .js">
        <Input
          value={path}
          onChange={(e) => setPath(e.target.value)}
          autoFocus
          spellCheck={false}
          autoCapitalize="off"
          className="font-mono text-[13px]"
        />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" onClick={onCancel} disabled={isBusy}>
          Cancel
        </Button>
        <Button type="submit" loading={isBusy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
