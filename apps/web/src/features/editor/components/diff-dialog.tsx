import { useMemo, useState } from 'react';
import { MESSAGES } from '@tessera/contracts';
import { type VersionDiffFile } from '@tessera/contracts/chat';
import { Alert, Dialog, DialogContent, Spinner, cn } from '@tessera/ui';
import { errorMessage } from '../../../shared/api';
import { useVersionCompare } from '../hooks/use-version-compare';
import { buildFileDiff, type DiffLine } from '../lib/diff';
import { CompareVersions } from './compare-versions';

export interface DiffDialogProps {
  appId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The version whose changes show first (against the version before it). */
  versionId: string | null;
  /** docs/product/editor-and-chat.md#rules-and-messages: the diff waits for streaming to end. */
  isStreaming: boolean;
}

const STATUS_STYLE: Record<VersionDiffFile['status'], string> = {
  added: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  modified: 'bg-amber-50 text-amber-800 ring-amber-200',
  deleted: 'bg-red-50 text-red-700 ring-red-200',
  unchanged: 'bg-zinc-50 text-ink-subtle ring-line',
};

/**
 * The "All Changes" dialog (docs/product/editor-and-chat.md#screens-and-routes Modals): the files changed between two versions and a unified
 * diff of each. It opens on what the version on screen changed; Compare picks any two versions.
 */
export function DiffDialog({ appId, open, onOpenChange, versionId, isStreaming }: DiffDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="All Changes" size="xl">
        {isStreaming ? (
          <Alert>{MESSAGES.chat.waitForDiff}</Alert>
        ) : !versionId ? (
          <p className="text-sm text-ink-subtle">{MESSAGES.chat.noChanges}</p>
        ) : (
          // Mounted while open, per version: each opening starts again from the version on screen.
          <AllChanges key={versionId} appId={appId} versionId={versionId} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function AllChanges({ appId, versionId }: { appId: string; versionId: string }) {
  const compare = useVersionCompare(appId, versionId);
  const { changes } = compare;
  const files = useMemo(() => (changes.data ?? []).filter((f) => f.status !== 'unchanged'), [changes.data]);
  const [selectedPath, setSelectedPath] = useState<string | null>(null);
  const selected = files.find((f) => f.path === selectedPath) ?? files[0] ?? null;

  let body;
  if (changes.isPending)
    body = (
      <div className="flex justify-center py-10">
        <Spinner size={20} label="Loading changes" />
      </div>
    );
  else if (changes.isError) body = <Alert tone="error">{errorMessage(changes.error)}</Alert>;
  else if (!files.length) body = <p className="text-sm text-ink-subtle">{MESSAGES.chat.noChanges}</p>;
  else {
    body = (
      <div className="flex flex-col gap-3 md:h-[65vh] md:flex-row">
        <nav aria-label="Changed files" className="shrink-0 md:w-60 md:overflow-y-auto">
          <ul className="flex gap-1 overflow-x-auto md:flex-col md:overflow-x-visible">
            {files.map((file) => (
              <li key={file.path} className="shrink-0">
                <button
                  type="button"
                  aria-current={file === selected ? 'true' : undefined}
                  onClick={() => setSelectedPath(file.path)}
                  className={cn(
                    'flex w-full items-center gap-2 rounded-lg px-2 py-1.5 text-left hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-500',
                    file === selected && 'bg-zinc-100',
                  )}
                >
                  <span className="min-w-0 flex-1 truncate font-mono text-xs text-ink">{file.path}</span>
                  <span
                    className={cn(
                      'rounded px-1.5 text-[11px] font-medium ring-1 ring-inset',
                      STATUS_STYLE[file.status],
                    )}
                  >
                    {file.status}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </nav>
        {selected && <FileDiffView key={selected.path} file={selected} />}
      </div>
    );
  }

  return (
    <>
      {compare.versions.length > 0 && (
        <CompareVersions
          versions={compare.versions}
          baseId={compare.baseId}
          targetId={compare.targetId}
          onBase={compare.setBase}
          onTarget={compare.setTarget}
        />
      )}
      {body}
    </>
  );
}

function FileDiffView({ file }: { file: VersionDiffFile }) {
  const diff = useMemo(() => buildFileDiff(file.oldCode, file.newCode), [file.oldCode, file.newCode]);
  return (
    <section
      aria-label={`Changes in ${file.path}`}
      className="flex min-h-0 min-w-0 flex-1 flex-col overflow-hidden rounded-lg border border-line"
    >
      <header className="flex items-center gap-2 border-b border-line bg-surface-muted px-3 py-1.5 text-xs">
        <span className="min-w-0 flex-1 truncate font-mono text-ink">{file.path}</span>
        <span className="text-emerald-700">+{diff.added}</span>
        <span className="text-red-700">−{diff.removed}</span>
      </header>
      <div className="max-h-[55vh] min-h-0 flex-1 overflow-auto md:max-h-none">
        <table className="w-full border-collapse font-mono text-xs leading-5">
          <tbody>
            {diff.hunks.map((hunk, h) => (
              <HunkRows key={h} header={hunk.header} lines={hunk.lines} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

const LINE_STYLE: Record<DiffLine['kind'], string> = { context: '', add: 'bg-emerald-50', del: 'bg-red-50' };
const MARK_STYLE: Record<DiffLine['kind'], string> = { context: '', add: 'bg-emerald-200/80', del: 'bg-red-200/80' };
const SIGN: Record<DiffLine['kind'], string> = { context: ' ', add: '+', del: '-' };

function HunkRows({ header, lines }: { header: string; lines: DiffLine[] }) {
  return (
    <>
      <tr className="bg-brand-50/60 text-brand-800">
        <td colSpan={4} className="px-3 py-0.5">
          {header}
        </td>
      </tr>
      {lines.map((line, i) => (
        <tr key={i} className={LINE_STYLE[line.kind]} data-kind={line.kind}>
          <td className="w-10 border-r border-line px-1.5 text-right text-ink-faint select-none">
            {line.oldNumber ?? ''}
          </td>
          <td className="w-10 border-r border-line px-1.5 text-right text-ink-faint select-none">
            {line.newNumber ?? ''}
          </td>
          <td className="w-4 pl-1.5 text-ink-subtle select-none" aria-hidden>
            {SIGN[line.kind]}
          </td>
          <td className="pr-3 whitespace-pre text-ink">
            <span className="sr-only">{line.kind === 'add' ? 'added: ' : line.kind === 'del' ? 'removed: ' : ''}</span>
            {line.segments
              ? line.segments.map((s, k) =>
                  s.changed ? (
                    <mark key={k} className={cn('rounded-sm text-inherit', MARK_STYLE[line.kind])}>
                      {s.text}
                    </mark>
                  ) : (
                    <span key={k}>{s.text}</span>
                  ),
                )
              : line.text}
          </td>
        </tr>
      ))}
    </>
  );
}
