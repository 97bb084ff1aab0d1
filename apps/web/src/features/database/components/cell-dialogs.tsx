import { useId, useState, type FormEvent } from 'react';
import { ImageUp, Plus } from 'lucide-react';
import { RUNTIME_MESSAGES } from '@tessera/contracts/runtime';
import {
  Button,
  Checkbox,
  Dialog,
  DialogClose,
  DialogContent,
  Field,
  Input,
  Progress,
  Textarea,
  toast,
} from '@tessera/ui';
import { uploadImage } from '../../../shared/api';
import { imageFileProblem, parseCellInput } from '../lib/cell-values';
import type { GridColumn } from '../lib/columns';

export interface TextCellDialogProps {
  column: GridColumn;
  initialText: string;
  onSave: (value: unknown) => void;
  onClose: () => void;
}

/** Long text (docs/product/database.md#rules-and-messages: over 50 characters or with a line break) and JSON are edited here. */
export function TextCellDialog({ column, initialText, onSave, onClose }: TextCellDialogProps) {
  const [text, setText] = useState(initialText);
  const [error, setError] = useState<string | null>(null);
  const isJson = column.dataType === 'json';

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseCellInput(column, text);
    if (!parsed.ok) return setError(parsed.error);
    onSave(parsed.value);
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        size="md"
        title={`Edit ${column.label}`}
        description={isJson ? 'Any JSON value. Leave it empty to clear the cell.' : undefined}
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button type="submit" form="cell-text-form">
              Save
            </Button>
          </>
        }
      >
        <form id="cell-text-form" onSubmit={handleSubmit}>
          <Field label={isJson ? 'JSON' : 'Text'} error={error ?? undefined}>
            <Textarea
              rows={isJson ? 12 : 8}
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setError(null);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) handleSubmit(e);
              }}
              spellCheck={!isJson}
              autoFocus
              className={isJson ? 'font-mono text-[13px] sm:text-[13px]' : undefined}
            />
          </Field>
          <p className="mt-2 text-xs text-ink-faint">Ctrl or ⌘ + Enter saves.</p>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export interface MultiselectDialogProps {
  column: GridColumn;
  value: unknown;
  onSave: (values: string[]) => void;
  onAddOption: (label: string) => Promise<boolean>;
  onClose: () => void;
}

/** Picks the labels of a multi-select cell; new options are added to the column on the way. */
export function MultiselectDialog({ column, value, onSave, onAddOption, onClose }: MultiselectDialogProps) {
  const [chosen, setChosen] = useState<string[]>(Array.isArray(value) ? value.map(String) : []);
  const [newOption, setNewOption] = useState('');
  const [isAdding, setIsAdding] = useState(false);

  async function handleAddOption() {
    const label = newOption.trim();
    if (!label) return;
    setIsAdding(true);
    const added = await onAddOption(label);
    setIsAdding(false);
    if (added) {
      setChosen((c) => (c.includes(label) ? c : [...c, label]));
      setNewOption('');
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        size="sm"
        title={`Edit ${column.label}`}
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button onClick={() => onSave(chosen)}>Save</Button>
          </>
        }
      >
        <fieldset className="space-y-1">
          <legend className="sr-only">Options</legend>
          {column.options.map((option) => (
            <label
              key={option.label}
              className="flex h-9 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-surface-muted"
            >
              <Checkbox
                checked={chosen.includes(option.label)}
                onChange={(e) =>
                  setChosen((c) => (e.target.checked ? [...c, option.label] : c.filter((l) => l !== option.label)))
                }
              />
              <span
                className="rounded-md px-2 py-0.5 text-[13px] text-ink"
                style={{ backgroundColor: option.backgroundColor }}
              >
                {option.label}
              </span>
            </label>
          ))}
        </fieldset>
        <form
          className="mt-4 flex gap-2 border-t border-line pt-4"
          onSubmit={(e) => {
            e.preventDefault();
            void handleAddOption();
          }}
        >
          <Input
            value={newOption}
            onChange={(e) => setNewOption(e.target.value)}
            placeholder="New option"
            aria-label="New option"
            className="h-9"
          />
          <Button type="submit" variant="secondary" loading={isAdding} disabled={!newOption.trim()}>
            <Plus aria-hidden />
            Add
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export interface AddOptionDialogProps {
  column: GridColumn;
  onSubmit: (label: string) => void;
  onClose: () => void;
  isSaving: boolean;
}

/** Adds an option to a select column (docs/product/database.md#rules-and-messages: an empty name is ignored). */
export function AddOptionDialog({ column, onSubmit, onClose, isSaving }: AddOptionDialogProps) {
  const [label, setLabel] = useState('');
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        size="sm"
        title="Add option"
        description={`A new choice for ${column.label}. The cell takes it right away.`}
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button type="submit" form="add-option-form" loading={isSaving}>
              Add option
            </Button>
          </>
        }
      >
        <form
          id="add-option-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (!label.trim()) return onClose();
            onSubmit(label.trim());
          }}
        >
          <Field label="Option name">
            <Input value={label} onChange={(e) => setLabel(e.target.value)} autoFocus autoComplete="off" />
          </Field>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** docs/product/database.md#limits: the image upload toast lasts 3 s. */
const IMAGE_TOAST_MS = 3000;

export interface ImageCellDialogProps {
  appId: string;
  column: GridColumn;
  value: unknown;
  onSave: (url: string | null) => void;
  onClose: () => void;
}

/** An image cell: upload a picture (with progress) or edit its address; empty clears the cell. */
export function ImageCellDialog({ appId, column, value, onSave, onClose }: ImageCellDialogProps) {
  const [url, setUrl] = useState(typeof value === 'string' ? value : '');
  const [progress, setProgress] = useState<number | null>(null);
  const fileId = useId();
  const isUploading = progress !== null;

  async function handleFile(file: File | undefined) {
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) return void toast.error(problem, { duration: IMAGE_TOAST_MS });
    setProgress(0);
    try {
      setUrl(await uploadImage(appId, file, setProgress));
    } catch (err) {
      toast.error(err instanceof Error && err.message ? err.message : RUNTIME_MESSAGES.uploadFailed, {
        duration: IMAGE_TOAST_MS,
      });
    } finally {
      setProgress(null);
    }
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    onSave(url.trim() || null);
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !isUploading && onClose()}>
      <DialogContent
        size="md"
        title={`Edit ${column.label}`}
        description="Upload an image (under 10 MB) or paste its address."
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary" disabled={isUploading}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" form="cell-image-form" disabled={isUploading}>
              Save
            </Button>
          </>
        }
      >
        <form id="cell-image-form" onSubmit={handleSubmit} className="space-y-4">
          {url && (
            <img
              src={url}
              alt={`${column.label} preview`}
              className="max-h-48 rounded-lg object-contain ring-1 ring-line"
            />
          )}
          <div>
            <input
              id={fileId}
              type="file"
              accept="image/*"
              className="sr-only"
              disabled={isUploading}
              onChange={(e) => void handleFile(e.target.files?.[0])}
            />
            <label
              htmlFor={fileId}
              className="inline-flex h-9 cursor-pointer items-center gap-2 rounded-lg border border-line bg-white px-3 text-sm font-medium text-ink hover:bg-zinc-50 focus-within:outline-2 focus-within:outline-brand-500"
            >
              <ImageUp className="size-4" aria-hidden />
              Upload image
            </label>
          </div>
          {isUploading && <Progress value={progress} label="Uploading image" />}
          <Field label="Image address">
            <Input
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              placeholder="https://..."
              disabled={isUploading}
            />
          </Field>
        </form>
      </DialogContent>
    </Dialog>
  );
}
