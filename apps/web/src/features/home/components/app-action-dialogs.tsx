import { useState, type FormEvent } from 'react';
import { APP_NAME_MAX_LENGTH, type AppSummary } from '@tessera/contracts/apps';
import { Alert, Button, Checkbox, Dialog, DialogClose, DialogContent, Field, Input, toast } from '@tessera/ui';
import { errorMessage } from '../../../shared/api';
import { useDeleteApp, useDuplicateApp, useRenameApp } from '../api/apps';

interface AppDialogProps {
  app: AppSummary;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Renames the app; its address (slug) stays. */
export function RenameAppDialog({ app, open, onOpenChange }: AppDialogProps) {
  const [name, setName] = useState(app.name);
  const rename = useRenameApp();
  const trimmed = name.trim();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!trimmed || trimmed === app.name) return onOpenChange(false);
    rename.mutate(
      { appId: app.appId, name: trimmed },
      {
        onSuccess: () => {
          toast.success(`Renamed to ${trimmed}`);
          onOpenChange(false);
        },
      },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) setName(app.name);
        else rename.reset();
        onOpenChange(next);
      }}
    >
      <DialogContent
        size="sm"
        title="Rename app"
        description={`Its address stays /${app.slug}.`}
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button type="submit" form={`rename-${app.appId}`} disabled={!trimmed} loading={rename.isPending}>
              Rename
            </Button>
          </>
        }
      >
        <form id={`rename-${app.appId}`} onSubmit={handleSubmit} className="space-y-4">
          <Field label="Name">
            <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={APP_NAME_MAX_LENGTH} autoFocus />
          </Field>
          {rename.error && <Alert tone="error">{errorMessage(rename.error)}</Alert>}
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Copies the app as a new draft: its pages and tables, and its records when asked. */
export function DuplicateAppDialog({ app, open, onOpenChange }: AppDialogProps) {
  const [includeData, setIncludeData] = useState(false);
  const duplicate = useDuplicateApp();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    duplicate.mutate(
      { appId: app.appId, includeData },
      {
        onSuccess: (copy) => {
          toast.success(`${copy.name} created`);
          onOpenChange(false);
        },
      },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          duplicate.reset();
          setIncludeData(false);
        }
        onOpenChange(next);
      }}
    >
      <DialogContent
        size="sm"
        title={`Duplicate ${app.name}`}
        description="The copy is a draft with its own address: the same pages, components and tables. Its chat and version history start fresh."
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button type="submit" form={`duplicate-${app.appId}`} loading={duplicate.isPending}>
              Duplicate
            </Button>
          </>
        }
      >
        <form id={`duplicate-${app.appId}`} onSubmit={handleSubmit} className="space-y-4">
          <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-line p-3 text-sm text-ink">
            <Checkbox className="mt-0.5" checked={includeData} onChange={(e) => setIncludeData(e.target.checked)} />
            <span>
              Copy the data too
              <span className="block text-[13px] text-ink-subtle">
                Every record of every table. The app’s users, files and data sources stay with the original.
              </span>
            </span>
          </label>
          {duplicate.error && <Alert tone="error">{errorMessage(duplicate.error)}</Alert>}
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Deletes the app for good once its name is typed. */
export function DeleteAppDialog({ app, open, onOpenChange }: AppDialogProps) {
  const [typed, setTyped] = useState('');
  const remove = useDeleteApp();
  const confirmed = typed.trim() === app.name.trim();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!confirmed) return;
    remove.mutate(app.appId, {
      onSuccess: () => {
        toast.success(`${app.name} deleted`);
        onOpenChange(false);
      },
    });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          remove.reset();
          setTyped('');
        }
        onOpenChange(next);
      }}
    >
      <DialogContent
        size="sm"
        title={`Delete ${app.name}?`}
        description="This deletes its pages, records, versions, chat, data sources and app users. It cannot be undone, and its address is not given to another app."
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button
              type="submit"
              variant="danger"
              form={`delete-${app.appId}`}
              disabled={!confirmed}
              loading={remove.isPending}
            >
              Delete app
            </Button>
          </>
        }
      >
        <form id={`delete-${app.appId}`} onSubmit={handleSubmit} className="space-y-4">
          <Field label={`Type ${app.name} to confirm`}>
            <Input value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" autoFocus />
          </Field>
          {remove.error && <Alert tone="error">{errorMessage(remove.error)}</Alert>}
        </form>
      </DialogContent>
    </Dialog>
  );
}
