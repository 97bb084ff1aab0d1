import { useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { FileUp, X } from 'lucide-react';
import { formatFileSize } from '@tessera/contracts/plans';
import { Button, cn, toast } from '@tessera/ui';
import { useIngestMutations } from '../api/context';
import { upgradeOrToast } from '../lib/upgrade-or-toast';
import { uploadErrorMessage } from '../lib/errors';
import { UPLOAD_KIND_NAMES, acceptAttribute, validateFile, type UploadKind } from '../lib/validation';
import { useSingleFlight } from '../../../shared/hooks';
import type { AddSourceProps } from './add-source-props';

const KIND_HINTS: Record<UploadKind, string> = {
  csv: 'A CSV file with column headers in the first row and one item per row.',
  doc: 'A Word document (.docx or .doc).',
  pdf: 'A PDF document with selectable text.',
};

export interface FileSourceFormProps extends AddSourceProps {
  kind: UploadKind;
}

/** Items List (CSV), Doc (DOCX) and PDF options: pick or drop one file and upload it. */
export function FileSourceForm({ appId, kind, limits, requestAdd, onUpgrade }: FileSourceFormProps) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isDragging, setIsDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const { file: upload } = useIngestMutations(appId);
  const kindName = UPLOAD_KIND_NAMES[kind];
  const pageNote =
    limits.maxFilePages !== null && kind === 'pdf'
      ? `, ${limits.maxFilePages} ${limits.maxFilePages === 1 ? 'page' : 'pages'}`
      : '';

  function choose(next: File | null) {
    setFile(next);
    setError(next ? validateFile(next, kind, limits.maxFileSizeBytes) : null);
  }

  function clear() {
    choose(null);
    if (inputRef.current) inputRef.current.value = '';
  }

  function handleDrop(event: DragEvent) {
    event.preventDefault();
    setIsDragging(false);
    choose(event.dataTransfer.files[0] ?? null);
  }

  const once = useSingleFlight();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const invalid = validateFile(file, kind, limits.maxFileSizeBytes);
    if (invalid || !file) return setError(invalid);
    // A double click adds one item (and never opens the upgrade prompt for the second).
    void once(async () => {
      if (!requestAdd()) return;
      await upload.mutateAsync(file, {
        onSuccess: () => {
          toast.success(`${file.name} uploaded`);
          clear();
        },
        onError: (err) => {
          upgradeOrToast(err, onUpgrade, uploadErrorMessage(err, kind, limits.maxFileSizeBytes));
        },
      });
    });
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4">
      <div className="space-y-1.5">
        <label
          htmlFor={inputId}
          onDragOver={(e) => {
            e.preventDefault();
            setIsDragging(true);
          }}
          onDragLeave={() => setIsDragging(false)}
          onDrop={handleDrop}
          className={cn(
            'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-7 text-center transition-colors',
            'focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-500',
            error
              ? 'border-red-300 bg-red-50/40'
              : isDragging
                ? 'border-brand-500 bg-brand-50'
                : 'border-line-strong hover:border-ink-faint hover:bg-surface-muted',
          )}
        >
          <span className="flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-600 ring-1 ring-brand-100">
            <FileUp className="size-5" aria-hidden />
          </span>
          <span className="text-sm font-medium text-ink">
            {file ? file.name : `Choose a ${kindName} file`}
            <span className="font-normal text-ink-subtle">
              {file ? ` · ${formatFileSize(file.size)}` : ' or drop it here'}
            </span>
          </span>
          <span className="text-xs text-ink-subtle">
            {KIND_HINTS[kind]} Up to {formatFileSize(limits.maxFileSizeBytes)}
            {pageNote}.
          </span>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept={acceptAttribute(kind)}
            aria-label={`${kindName} file`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="sr-only"
            onChange={(e) => choose(e.target.files?.[0] ?? null)}
          />
        </label>
        {error && (
          <p id={errorId} role="alert" className="text-[13px] leading-snug text-red-600">
            {error}
          </p>
        )}
      </div>
      <div className="flex items-center justify-end gap-2">
        {file && (
          <Button variant="ghost" onClick={clear} disabled={upload.isPending}>
            <X aria-hidden />
            Clear
          </Button>
        )}
        <Button type="submit" loading={upload.isPending}>
          Upload {kindName}
        </Button>
      </div>
    </form>
  );
}
