import { useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Download, FileSpreadsheet, Upload, X } from 'lucide-react';
import {
  TOOL_BATCH_FINISHED,
  TOOL_BATCH_MAX_BYTES,
  TOOL_BATCH_MAX_ROWS,
  TOOL_BATCH_MESSAGES,
  type ToolBatch,
  type ToolBatchPreview,
} from '@tessera/contracts/tool-runs';
import { fillMessage } from '@tessera/contracts/tools';
import {
  Alert,
  Badge,
  Button,
  Dialog,
  DialogContent,
  Field,
  Progress,
  Select,
  Spinner,
  toast,
  type BadgeTone,
} from '@tessera/ui';
import { errorMessage } from '../../../shared/api';
import { batchesApi, batchKeys, useToolBatches } from '../api/batches';

const STATUS: Record<ToolBatch['status'], { label: string; tone: BadgeTone }> = {
  queued: { label: 'Queued', tone: 'neutral' },
  running: { label: 'Running', tone: 'brand' },
  done: { label: 'Done', tone: 'success' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
  stopped: { label: 'Stopped', tone: 'warning' },
  failed: { label: 'Failed', tone: 'danger' },
};

/**
 * Run on a CSV (docs/product/tools.md#batch-runs): upload a file, map its columns to the tool's
 * fields, start; the tool's batches with live progress, Cancel and Download results.
 */
export function BatchRunDialog({
  appId,
  toolId,
  open,
  onOpenChange,
}: {
  appId: string;
  toolId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        size="lg"
        title="Run on a CSV"
        description={`Run this tool once for every row of a CSV file: up to ${TOOL_BATCH_MAX_ROWS} rows and ${TOOL_BATCH_MAX_BYTES / 1024 / 1024} MB. Each row counts as one run of your plan's monthly runs.`}
      >
        {open && <BatchRunBody appId={appId} toolId={toolId} />}
      </DialogContent>
    </Dialog>
  );
}

function BatchRunBody({ appId, toolId }: { appId: string; toolId: string }) {
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ToolBatchPreview | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [mappingError, setMappingError] = useState<string | null>(null);
  const batches = useToolBatches(appId, toolId);
  const refresh = () => queryClient.invalidateQueries({ queryKey: batchKeys.list(appId, toolId) });

  const read = useMutation({
    mutationFn: (chosen: File) => batchesApi.preview(appId, toolId, chosen),
    onSuccess: (result) => {
      setPreview(result);
      setMapping(result.mapping);
      setMappingError(null);
    },
  });
  const start = useMutation({
    mutationFn: () => batchesApi.start(appId, toolId, file!, mapping),
    onSuccess: () => {
      setFile(null);
      setPreview(null);
      void refresh();
    },
  });

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    setFile(chosen);
    setPreview(null);
    read.mutate(chosen);
  };
  const onStart = () => {
    const missing = preview?.fields.find((f) => f.required && !mapping[f.name]);
    if (missing) return setMappingError(fillMessage(TOOL_BATCH_MESSAGES.unmappedRequired, { label: missing.label }));
    if (!Object.values(mapping).some(Boolean)) return setMappingError(TOOL_BATCH_MESSAGES.noMapping);
    setMappingError(null);
    if (!start.isPending) start.mutate();
  };

  return (
    <div className="space-y-6">
      <input
        ref={inputRef}
        type="file"
        accept=".csv,text/csv"
        className="sr-only"
        aria-label="CSV file"
        onChange={(e) => {
          choose(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      {!preview ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-line-strong bg-zinc-50/60 px-4 py-8 text-center">
          <FileSpreadsheet className="size-8 text-brand-600" aria-hidden />
          <p className="max-w-sm text-sm text-ink-muted">
            A CSV with a header row. Its columns are matched to the tool&apos;s fields by name; you can change the
            matches before starting.
          </p>
          <Button onClick={() => inputRef.current?.click()} disabled={read.isPending}>
            {read.isPending ? <Spinner /> : <Upload aria-hidden />} Choose a CSV file
          </Button>
          {read.isError && (
            <Alert tone="error" className="w-full text-left">
              {errorMessage(read.error)}
            </Alert>
          )}
        </div>
      ) : (
        <section aria-label="Column mapping" className="space-y-4">
          <div className="flex items-center justify-between gap-3">
            <p className="min-w-0 truncate text-sm text-ink">
              <span className="font-medium">{preview.fileName}</span>{' '}
              <span className="text-ink-subtle">
                · {preview.rowCount} {preview.rowCount === 1 ? 'row' : 'rows'} · {preview.columns.length} columns
              </span>
            </p>
            <Button variant="ghost" size="sm" onClick={() => setPreview(null)}>
              <X aria-hidden /> Change file
            </Button>
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            {preview.fields.map((f) => (
              <Field key={f.name} label={f.label} optional={!f.required} hint={`[${f.name}]`}>
                <Select
                  value={mapping[f.name] ?? ''}
                  onChange={(e) => {
                    setMapping((m) => ({ ...m, [f.name]: e.target.value }));
                    setMappingError(null);
                  }}
                >
                  <option value="">No column</option>
                  {preview.columns.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </Select>
              </Field>
            ))}
          </div>
          <PreviewTable preview={preview} />
          {(mappingError || start.isError) && <Alert tone="error">{mappingError ?? errorMessage(start.error)}</Alert>}
          <div className="flex justify-end">
            <Button onClick={onStart} disabled={start.isPending}>
              {start.isPending && <Spinner />} Run on {preview.rowCount} {preview.rowCount === 1 ? 'row' : 'rows'}
            </Button>
          </div>
        </section>
      )}

      <section aria-label="Batches" className="space-y-2">
        <h3 className="text-sm font-semibold text-ink">Batches</h3>
        {batches.isPending ? (
          <Spinner />
        ) : !batches.data?.batches.length ? (
          <p className="text-sm text-ink-subtle">No batches yet. Results stay here to download.</p>
        ) : (
          <ul className="divide-y divide-line rounded-xl border border-line">
            {batches.data.batches.map((b) => (
              <BatchRow key={b.id} appId={appId} toolId={toolId} batch={b} onChanged={refresh} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function PreviewTable({ preview }: { preview: ToolBatchPreview }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-line">
      <table className="w-full text-left text-xs">
        <thead className="bg-zinc-50 text-ink-subtle">
          <tr>
            {preview.columns.map((c) => (
              <th key={c} className="px-2.5 py-1.5 font-medium whitespace-nowrap">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {preview.rows.map((row, i) => (
            <tr key={i} className="border-t border-line">
              {row.map((cell, j) => (
                <td key={j} className="max-w-48 truncate px-2.5 py-1.5 text-ink-muted">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function BatchRow({
  appId,
  toolId,
  batch,
  onChanged,
}: {
  appId: string;
  toolId: string;
  batch: ToolBatch;
  onChanged: () => void;
}) {
  const live = !TOOL_BATCH_FINISHED.includes(batch.status);
  const cancel = useMutation({
    mutationFn: () => batchesApi.cancel(appId, toolId, batch.id),
    onSettled: onChanged,
    onError: (err) => toast.error(errorMessage(err)),
  });
  const download = useMutation({
    mutationFn: () => batchesApi.download(appId, toolId, batch.id),
    onError: (err) => toast.error(errorMessage(err)),
  });
  const status = STATUS[batch.status];
  return (
    <li className="space-y-2 px-3.5 py-3" data-batch={batch.id}>
      <div className="flex flex-wrap items-center gap-2">
        <p className="min-w-0 flex-1 truncate text-sm font-medium text-ink">{batch.fileName}</p>
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      <Progress
        value={batch.totalRows ? (batch.doneRows / batch.totalRows) * 100 : 0}
        label={`Progress of ${batch.fileName}`}
      />
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <p className="flex-1 text-xs text-ink-subtle" data-testid="batch-progress">
          {batch.doneRows} of {batch.totalRows} rows done
          {batch.failedRows > 0 && <span className="text-red-700"> · {batch.failedRows} failed</span>}
        </p>
        {live && (
          <Button size="sm" variant="ghost" onClick={() => !cancel.isPending && cancel.mutate()}>
            Cancel
          </Button>
        )}
        <Button size="sm" variant="secondary" onClick={() => !download.isPending && download.mutate()}>
          <Download aria-hidden /> Download results
        </Button>
      </div>
      {batch.message && batch.status !== 'cancelled' && <p className="text-xs text-amber-800">{batch.message}</p>}
    </li>
  );
}
