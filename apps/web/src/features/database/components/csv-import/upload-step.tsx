import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { FileSpreadsheet, Upload } from 'lucide-react';
import { Alert, Button, Spinner, cn } from '@tessera/ui';
import { CSV_STREAM_THRESHOLD } from '../../lib/csv-import';

export interface UploadStepProps {
  entity: string;
  error: string | null;
  isReading: boolean;
  onFile: (file: File) => void;
}

/** Step 1: a drop zone and a file picker for one .csv file (docs/product/database.md#rules-and-messages). */
export function UploadStep({ entity, error, isReading, onFile }: UploadStepProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [isDragging, setIsDragging] = useState(false);
  const hintId = useId();
  const chooseRef = useRef<HTMLButtonElement>(null);
  // On open and after Back, the picker button has the focus (keyboard users start there).
  useEffect(() => chooseRef.current?.focus(), []);

  function handleDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setIsDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  }

  return (
    <div className="flex flex-col gap-4">
      <div
        onDragOver={(e) => {
          e.preventDefault();
          e.dataTransfer.dropEffect = 'copy';
          if (!isDragging) setIsDragging(true);
        }}
        onDragLeave={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setIsDragging(false);
        }}
        onDrop={handleDrop}
        data-testid="csv-drop-zone"
        className={cn(
          'flex flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed px-6 py-10 text-center transition-colors',
          isDragging ? 'border-brand-400 bg-brand-50' : 'border-line-strong bg-surface-muted/60',
        )}
      >
        <span
          className={cn(
            'flex size-11 items-center justify-center rounded-full',
            isDragging ? 'bg-brand-100 text-brand-700' : 'bg-surface text-ink-subtle shadow-xs ring-1 ring-line',
          )}
        >
          {isReading ? (
            <Spinner size={18} label="Reading the file" />
          ) : (
            <FileSpreadsheet className="size-5" aria-hidden />
          )}
        </span>
        <div className="space-y-1">
          <p className="text-sm font-medium text-ink">
            {isDragging ? 'Drop the file to read it' : 'Drag a CSV file here'}
          </p>
          <p id={hintId} className="text-[13px] text-ink-subtle">
            The first line names the columns. Only .csv files.
          </p>
        </div>
        <Button
          ref={chooseRef}
          variant="secondary"
          size="sm"
          onClick={() => inputRef.current?.click()}
          disabled={isReading}
          aria-describedby={hintId}
        >
          <Upload aria-hidden />
          Choose a CSV file
        </Button>
        <input
          ref={inputRef}
          type="file"
          accept=".csv,text/csv"
          className="sr-only"
          tabIndex={-1}
          aria-label="CSV file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) onFile(file);
          }}
        />
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      <p className="text-[13px] leading-relaxed text-ink-subtle">
        Rows are added to <span className="font-medium text-ink-muted">{entity}</span>; nothing already there changes.
        You choose which column fills which field next. Files over {CSV_STREAM_THRESHOLD.toLocaleString('en-US')} rows
        are uploaded in one go and imported on the server.
      </p>
    </div>
  );
}
