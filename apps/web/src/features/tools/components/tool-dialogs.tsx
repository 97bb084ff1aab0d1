import { useState, type FormEvent } from 'react';
import { toolPagePath } from '@tessera/contracts/tool-page';
import { TOOL_TITLE_MAX_LENGTH, TOOL_PATH_MAX_LENGTH, checkToolPath } from '@tessera/contracts/tools';
import { Button, Dialog, DialogClose, DialogContent, Field, Input } from '@tessera/ui';

interface TextDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initial: string;
  isPending: boolean;
  onSubmit: (value: string) => void;
}

/** Renames a tool (its title, the header visitors see). */
export function RenameToolDialog({ open, onOpenChange, initial, isPending, onSubmit }: TextDialogProps) {
  const [title, setTitle] = useState(initial);
  const error = title.trim() === '' ? 'Give the tool a title' : undefined;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="sm" title="Rename tool">
        {open && (
          <form
            className="space-y-5"
            onSubmit={(e: FormEvent) => {
              e.preventDefault();
              if (!error) onSubmit(title.trim());
            }}
          >
            <Field label="Title" error={error}>
              <Input
                value={title}
                maxLength={TOOL_TITLE_MAX_LENGTH}
                autoFocus
                onChange={(e) => setTitle(e.target.value)}
              />
            </Field>
            <DialogFooter isPending={isPending} label="Rename" disabled={Boolean(error)} />
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** Edits a tool's path under /tool/ with the path rule's message as the builder types. */
export function PathDialog({
  open,
  onOpenChange,
  initial,
  isPending,
  onSubmit,
  otherPaths,
  appUrl,
}: TextDialogProps & { otherPaths: readonly string[]; appUrl: string }) {
  const [path, setPath] = useState(initial);
  const error = checkToolPath(path, otherPaths) ?? undefined;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="sm" title="Edit path" description="Where the tool lives on your app's address.">
        {open && (
          <form
            className="space-y-5"
            onSubmit={(e: FormEvent) => {
              e.preventDefault();
              if (!error) onSubmit(path);
            }}
          >
            <Field
              label="Path"
              error={error}
              hint={<span className="break-all">{`${appUrl}${toolPagePath(path || '…')}`}</span>}
            >
              <Input
                value={path}
                maxLength={TOOL_PATH_MAX_LENGTH + 10}
                autoFocus
                spellCheck={false}
                autoCapitalize="none"
                onChange={(e) => setPath(e.target.value)}
                className="font-mono"
              />
            </Field>
            <DialogFooter isPending={isPending} label="Save path" disabled={Boolean(error)} />
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** Confirms deleting a tool. */
export function DeleteToolDialog({
  open,
  onOpenChange,
  title,
  isPending,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  isPending: boolean;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        size="sm"
        title={`Delete ${title || 'this tool'}?`}
        description="Its fields, texts and link go with it. The app's data sources stay."
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button variant="danger" loading={isPending} onClick={onConfirm}>
              Delete tool
            </Button>
          </>
        }
      />
    </Dialog>
  );
}

function DialogFooter({ isPending, label, disabled }: { isPending: boolean; label: string; disabled: boolean }) {
  return (
    <div className="flex justify-end gap-2">
      <DialogClose asChild>
        <Button variant="secondary">Cancel</Button>
      </DialogClose>
      <Button type="submit" loading={isPending} disabled={disabled}>
        {label}
      </Button>
    </div>
  );
}
