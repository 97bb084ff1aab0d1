import { useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, Download, KeyRound, Upload } from 'lucide-react';
import {
  APP_KEY_KIND_TEXTS,
  APP_KEY_KINDS,
  EXPORT_MESSAGES as M,
  type AppKeyKind,
  type CreatedAppKey,
  type ExportDataMode,
} from '@tessera/contracts/app-export';
import { Alert, Button, Checkbox, Dialog, DialogContent, Input, toast } from '@tessera/ui';
import { errorMessage } from '../../../shared/api';
import { createAppKey, downloadExport, importProject, listAppKeys, revokeAppKey } from '../api/export';

export interface ExportDialogProps {
  appId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** An imported project made this version. */
  onImported: (versionId: string) => void;
}

const MODES: Array<{ id: ExportDataMode; title: string; text: string }> = [
  {
    id: 'server',
    title: 'Data on Tessera',
    text: "The project reaches this app's records here with a site key, under the app's access rules.",
  },
  { id: 'local', title: 'Its own data', text: "Records stay in the browser, starting from today's records." },
];

const formatDate = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : 'never');

/**
 * Export and import of a generated app (docs/product/export.md): the data mode, the app keys (a new
 * one shown once), Download, and Import project, which turns an exported zip into a new version.
 */
export function ExportDialog({ appId, open, onOpenChange, onImported }: ExportDialogProps) {
  const [mode, setMode] = useState<ExportDataMode>('server');
  const [kind, setKind] = useState<AppKeyKind>('site');
  const [canWrite, setCanWrite] = useState(false);
  const [created, setCreated] = useState<CreatedAppKey | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const keysKey = ['app-export', appId, 'keys'];
  const keys = useQuery({ queryKey: keysKey, queryFn: () => listAppKeys(appId), enabled: open });

  const create = useMutation({
    mutationFn: () =>
      createAppKey(appId, {
        name: `${kind === 'server' ? 'Server' : 'Export'} ${new Date().toLocaleDateString()}`,
        kind,
        canWrite,
      }),
    onSuccess: (key) => {
      setCreated(key);
      toast.success(M.keyCreated);
      void queryClient.invalidateQueries({ queryKey: keysKey });
    },
    onError: (err) => toast.error(errorMessage(err, M.keyCreateFailed)),
  });
  const revoke = useMutation({
    mutationFn: (keyId: string) => revokeAppKey(appId, keyId),
    onSuccess: (_, keyId) => {
      if (created?.id === keyId) setCreated(null);
      toast.success(M.keyRevoked);
      void queryClient.invalidateQueries({ queryKey: keysKey });
    },
    onError: (err) => toast.error(errorMessage(err, M.keyRevokeFailed)),
  });
  // Only a site key is ever built into the project; a server key stays on the builder's server.
  const siteKey = created?.kind === 'site' ? created : null;
  const download = useMutation({
    mutationFn: () => downloadExport(appId, mode, mode === 'server' ? (siteKey?.key ?? null) : null),
    onError: (err) => toast.error(errorMessage(err, M.exportFailed)),
  });
  const upload = useMutation({
    mutationFn: (file: File) => importProject(appId, file),
    onSuccess: (version) => {
      toast.success(M.imported.replace('{number}', String(version.number)));
      onImported(version.versionId);
      onOpenChange(false);
    },
    onError: (err) => toast.error(errorMessage(err, M.importFailed)),
  });

  function startDownload() {
    if (mode === 'server' && !siteKey) toast.error(M.keyNeeded);
    else download.mutate();
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        size="md"
        title="Export app"
        description="Download the latest version as a Vite + React project you can build and host anywhere."
        footer={
          <>
            <Button variant="secondary" onClick={() => fileInput.current?.click()} loading={upload.isPending}>
              <Upload aria-hidden /> Import project
            </Button>
            <Button onClick={startDownload} loading={download.isPending}>
              <Download aria-hidden /> Download
            </Button>
          </>
        }
      >
        <input
          ref={fileInput}
          type="file"
          accept=".zip,application/zip"
          className="hidden"
          aria-label="Project zip"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) upload.mutate(file);
          }}
        />
        <div className="space-y-5">
          <section className="space-y-2">
            <h3 className="text-sm font-semibold text-ink">Data</h3>
            <div role="radiogroup" aria-label="Data" className="grid gap-2 sm:grid-cols-2">
              {MODES.map((m) => (
                <label
                  key={m.id}
                  className="flex cursor-pointer gap-3 rounded-xl border border-line bg-surface p-3 has-[:checked]:border-brand-500 has-[:checked]:ring-1 has-[:checked]:ring-brand-500"
                >
                  <input
                    type="radio"
                    name="export-mode"
                    checked={mode === m.id}
                    onChange={() => setMode(m.id)}
                    className="mt-0.5 accent-brand-600"
                  />
                  <span className="space-y-0.5">
                    <span className="block text-sm font-medium text-ink">{m.title}</span>
                    <span className="block text-[13px] leading-snug text-ink-subtle">{m.text}</span>
                  </span>
                </label>
              ))}
            </div>
          </section>

          {mode === 'server' && (
            <section className="space-y-3" aria-label="App keys">
              <h3 className="text-sm font-semibold text-ink">App key</h3>
              {created && (
                <div className="space-y-2">
                  <div className="flex gap-2">
                    <Input readOnly value={created.key} aria-label="New app key" className="font-mono text-xs" />
                    <Button
                      variant="secondary"
                      aria-label="Copy app key"
                      onClick={() => void navigator.clipboard?.writeText(created.key)}
                    >
                      <Copy aria-hidden />
                    </Button>
                  </div>
                  <p className="text-[13px] text-ink-subtle">{APP_KEY_KIND_TEXTS[created.kind].shownOnce}</p>
                </div>
              )}
              {/* A server key made here leaves room for the site key Download needs. */}
              {!siteKey && (
                <div className="space-y-3 rounded-xl bg-zinc-50 p-3">
                  <div role="radiogroup" aria-label="Key type" className="space-y-2">
                    {APP_KEY_KINDS.map((k) => (
                      <label key={k} className="flex cursor-pointer gap-2">
                        <input
                          type="radio"
                          name="app-key-kind"
                          checked={kind === k}
                          onChange={() => setKind(k)}
                          className="mt-0.5 accent-brand-600"
                        />
                        <span className="space-y-0.5">
                          <span className="block text-[13px] font-medium text-ink">{APP_KEY_KIND_TEXTS[k].label}</span>
                          <span className="block text-[13px] leading-snug text-ink-subtle">
                            {APP_KEY_KIND_TEXTS[k].text}
                          </span>
                        </span>
                      </label>
                    ))}
                  </div>
                  <div className="flex flex-wrap items-center justify-between gap-3">
                    <label className="flex items-center gap-2 text-[13px] text-ink-muted">
                      <Checkbox checked={canWrite} onChange={(e) => setCanWrite(e.target.checked)} />
                      Allow changes (create, edit, delete records)
                    </label>
                    <Button size="sm" onClick={() => create.mutate()} loading={create.isPending}>
                      <KeyRound aria-hidden /> Create app key
                    </Button>
                  </div>
                </div>
              )}
              {keys.data && keys.data.keys.length > 0 && (
                <ul aria-label="Existing app keys" className="divide-y divide-line rounded-xl border border-line">
                  {keys.data.keys.map((key) => (
                    <li key={key.id} className="flex items-center justify-between gap-3 px-3 py-2 text-[13px]">
                      <span className="min-w-0">
                        <span className="block truncate font-medium text-ink">
                          {key.name} <span className="font-mono text-ink-subtle">…{key.hint}</span>
                        </span>
                        <span className="block text-ink-subtle">
                          {APP_KEY_KIND_TEXTS[key.kind].label} · {key.canWrite ? 'Read and write' : 'Read only'} · last
                          used {formatDate(key.lastUsedAt)}
                        </span>
                      </span>
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => revoke.mutate(key.id)}
                        disabled={revoke.isPending}
                        aria-label={`Revoke ${key.name} …${key.hint}`}
                      >
                        Revoke
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          )}
          {mode === 'local' && (
            <Alert tone="info">
              Nothing on Tessera changes when the exported app does: it keeps its records in the browser.
            </Alert>
          )}
          <p className="text-[13px] text-ink-subtle">
            Import project takes a zip exported from here, edited or not, and saves its <code>src/app</code> files as a
            new version.
          </p>
        </div>
      </DialogContent>
    </Dialog>
  );
}
