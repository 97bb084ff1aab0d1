import { useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import {
  BookOpen,
  Ellipsis,
  File,
  FileSpreadsheet,
  FileText,
  FileType,
  Globe,
  HardDrive,
  RefreshCw,
  RotateCw,
  Trash2,
  Type,
} from 'lucide-react';
import { MESSAGES } from '@tessera/contracts';
import { type ContextItem, type ContextItemType, type UpgradeReason } from '@tessera/contracts/context';
import { formatFileSize } from '@tessera/contracts/plans';
import {
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  Menu,
  MenuContent,
  MenuItem,
  MenuTrigger,
  Progress,
  toast,
} from '@tessera/ui';
import { ReplaceFailedError, useContextItemMutations } from '../api/context';
import { upgradeOrToast } from '../lib/upgrade-or-toast';
import { serverMessageOr, uploadErrorMessage } from '../lib/errors';
import { acceptAttribute, uploadKindOfItemType, validateFile } from '../lib/validation';
import { ItemNameField } from './item-name-field';
import { StatusBadge } from './status-badge';
import { isLiveStatus } from '../lib/status';

const TYPE_LABELS: Record<ContextItemType, string> = {
  csv: 'CSV',
  doc: 'Doc',
  txt: 'Text',
  pdf: 'PDF',
  google_doc: 'Google Doc',
  google_sheet: 'Google Sheet',
  google_slide: 'Google Slides',
  notion_database: 'Notion database',
  notion_page: 'Notion page',
  web_page: 'Web page',
  unrecognized: 'File',
};

function typeIcon(item: ContextItem): ReactNode {
  if (item.source === 'notion') return <BookOpen aria-hidden />;
  if (item.source === 'google_drive') return <HardDrive aria-hidden />;
  switch (item.type) {
    case 'csv':
      return <FileSpreadsheet aria-hidden />;
    case 'doc':
      return <FileText aria-hidden />;
    case 'pdf':
      return <FileType aria-hidden />;
    case 'txt':
      return <Type aria-hidden />;
    case 'web_page':
      return <Globe aria-hidden />;
    default:
      return <File aria-hidden />;
  }
}

export interface ContextItemRowProps {
  appId: string;
  item: ContextItem;
  /** Largest upload of the plan, for a replacement file. */
  maxFileSizeBytes: number;
  onUpgrade: (reason: UpgradeReason, message?: string) => void;
}

/** One data item: icon, editable name, what it is, its status, and its actions (replace, delete). */
export function ContextItemRow({ appId, item, maxFileSizeBytes, onUpgrade }: ContextItemRowProps) {
  const { rename, remove, replace, resync } = useContextItemMutations(appId);
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const replaceKind = uploadKindOfItemType(item.type);
  const isBusy = replace.isPending || remove.isPending || resync.isPending;

  async function handleRename(name: string): Promise<boolean> {
    try {
      await rename.mutateAsync({ id: item.id, name });
      return true;
    } catch (err) {
      toast.error(serverMessageOr(err, MESSAGES.dataSources.renameFailed));
      return false;
    }
  }

  async function handleResync() {
    try {
      await resync.mutateAsync(item.id);
    } catch (err) {
      upgradeOrToast(err, onUpgrade, serverMessageOr(err, MESSAGES.dataSources.saveFailed));
    }
  }

  // mutateAsync, not mutate's callbacks: a successful delete or replace removes this row, and
  // per-call callbacks never run once their component has unmounted.
  async function handleDelete() {
    try {
      await remove.mutateAsync(item.id);
      toast.success(`Deleted ${item.name}`);
    } catch (err) {
      toast.error(serverMessageOr(err, MESSAGES.dataSources.deleteFailed));
    }
  }

  function handleReplaceFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!replaceKind || !file) return;
    const invalid = validateFile(file, replaceKind, maxFileSizeBytes);
    if (invalid) return void toast.error(invalid);
    void replace.mutateAsync({ oldItemId: item.id, file }).then(
      () => toast.success(`Replaced ${item.name} with ${file.name}`),
      (err: unknown) => {
        if (err instanceof ReplaceFailedError)
          return void toast.error(serverMessageOr(err.reason, MESSAGES.dataSources.replaceFailed));
        upgradeOrToast(err, onUpgrade, uploadErrorMessage(err, replaceKind, maxFileSizeBytes));
      },
    );
  }

  const details = [
    TYPE_LABELS[item.type],
    item.size > 0 ? formatFileSize(item.size) : null,
    item.status === 'synced' ? `${item.numOfChunks} ${item.numOfChunks === 1 ? 'chunk' : 'chunks'}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
  const progress = item.status === 'running' && item.progress && item.progress.total > 0 ? item.progress : null;

  return (
    <li
      aria-label={item.name}
      className="flex items-start gap-3 px-3 py-3 sm:px-4"
      data-item-id={item.id}
      aria-busy={isBusy || undefined}
    >
      <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-lg bg-zinc-100 text-ink-muted [&_svg]:size-4.5">
        {typeIcon(item)}
      </span>
      <div className="min-w-0 flex-1">
        <ItemNameField name={item.name} onRename={handleRename} />
        <div className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1.5">
          <StatusBadge item={item} />
          <span className="min-w-0 truncate text-xs text-ink-subtle">{details}</span>
          {item.source === 'web_scraper' && item.externalFileUrl && (
            <a
              href={item.externalFileUrl}
              target="_blank"
              rel="noreferrer noopener"
              className="max-w-full truncate text-xs text-brand-700 hover:underline"
            >
              {item.externalFileUrl}
            </a>
          )}
        </div>
        {progress && (
          <div className="mt-2 flex items-center gap-2">
            <Progress
              value={(progress.done / progress.total) * 100}
              label={`Scraping ${item.name}`}
              className="max-w-60"
            />
            <span className="text-xs text-ink-subtle tabular-nums">
              {progress.done} of {progress.total} pages
            </span>
          </div>
        )}
        {replace.isPending && <p className="mt-1.5 text-xs text-ink-subtle">Uploading the replacement…</p>}
      </div>

      {replaceKind && (
        <input
          ref={fileInputRef}
          type="file"
          accept={acceptAttribute(replaceKind)}
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          onChange={handleReplaceFile}
        />
      )}
      <Menu modal={false}>
        <MenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Actions for ${item.name}`}
            loading={isBusy}
            className="shrink-0"
          >
            <Ellipsis aria-hidden />
          </Button>
        </MenuTrigger>
        <MenuContent className="min-w-44">
          {!isLiveStatus(item.status) && (
            <MenuItem onSelect={() => void handleResync()}>
              <RotateCw aria-hidden />
              Sync again
            </MenuItem>
          )}
          {replaceKind && (
            <MenuItem onSelect={() => fileInputRef.current?.click()}>
              <RefreshCw aria-hidden />
              Replace file
            </MenuItem>
          )}
          <MenuItem onSelect={() => setIsConfirmingDelete(true)} className="text-red-700 [&_svg]:text-red-600">
            <Trash2 aria-hidden />
            Delete
          </MenuItem>
        </MenuContent>
      </Menu>

      <Dialog open={isConfirmingDelete} onOpenChange={(open) => !remove.isPending && setIsConfirmingDelete(open)}>
        <DialogContent
          size="sm"
          title={`Delete ${item.name}?`}
          description="Its content is removed from this app's data, and tools stop using it. This cannot be undone."
          footer={
            <>
              <DialogClose asChild>
                <Button variant="secondary" disabled={remove.isPending}>
                  Cancel
                </Button>
              </DialogClose>
              <Button variant="danger" loading={remove.isPending} onClick={() => void handleDelete()}>
                Delete
              </Button>
            </>
          }
        />
      </Dialog>
    </li>
  );
}
