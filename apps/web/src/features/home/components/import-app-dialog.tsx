import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { FileJson } from 'lucide-react';
import { Alert, Button, Dialog, DialogClose, DialogContent, Field, Textarea } from '@tessera/ui';
import { errorMessage } from '../../../shared/api';
import { useImportApp } from '../api/apps';
import { parseAppDefinition } from '../lib/import-definition';

export interface ImportAppDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Creates an app from a JSON definition (pasted or picked from a file) and opens it in the builder. */
export function ImportAppDialog({ open, onOpenChange }: ImportAppDialogProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const importApp = useImportApp();
  const navigate = useNavigate();

  function handleOpenChange(next: boolean) {
    if (!next) {
      setText('');
      setError(null);
      importApp.reset();
    }
    onOpenChange(next);
  }

  async function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setText(await file.text());
    setError(null);
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseAppDefinition(text);
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    setError(null);
    importApp.mutate(parsed.request, {
      onSuccess: (app) => {
        handleOpenChange(false);
        navigate(`/build/app/${app.appId}`);
      },
      onError: (err) => setError(errorMessage(err)),
    });
  }

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent
        size="md"
        title="Import app"
        description="Paste an app definition (the JSON of a generated app: name, entities, pages) or pick a .json file. Tessera creates a new app from it."
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button type="submit" form="import-app-form" loading={importApp.isPending}>
              Import app
            </Button>
          </>
        }
      >
        <form id="import-app-form" onSubmit={handleSubmit} className="space-y-4">
          <Field label="App definition (JSON)">
            <Textarea
              rows={10}
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setError(null);
              }}
              spellCheck={false}
              placeholder={
                '{\n  "name": "Team tasks",\n  "entities": { "Task": { "type": "object", "properties": { "title": { "type": "string" } } } }\n}'
              }
              className="font-mono text-[13px] sm:text-[13px]"
            />
          </Field>
          <label className="inline-flex cursor-pointer items-center gap-2 rounded-lg border border-dashed border-line-strong px-3 py-2 text-[13px] font-medium text-ink-muted hover:border-ink-faint hover:text-ink focus-within:outline-2 focus-within:outline-brand-500">
            <FileJson className="size-4" aria-hidden />
            Choose a .json file
            <input
              type="file"
              accept=".json,application/json"
              className="sr-only"
              onChange={(e) => void handleFile(e)}
            />
          </label>
          {error && <Alert tone="error">{error}</Alert>}
        </form>
      </DialogContent>
    </Dialog>
  );
}
