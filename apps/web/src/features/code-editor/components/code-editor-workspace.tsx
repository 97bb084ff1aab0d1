import { useState, type ReactNode } from 'react';
import { Button, EmptyState, Spinner, cn } from '@tessera/ui';
import { Code2, Eye, FolderTree, PackageOpen, Plus, TriangleAlert, X } from 'lucide-react';
import { MESSAGES } from '@tessera/contracts';
import { type CodeFile } from '@tessera/contracts/code';
import { ExportDialog } from '../../app-export';
import { useCodeWorkspace } from '../hooks/use-code-workspace';
import { NEW_FILE_PREFIX, type SectionId } from '../lib/file-tree';
import { CodeMirrorEditor } from './code-mirror-editor';
import { DeleteFileDialog } from './delete-file-dialog';
import { FilePathDialog, type FilePathDialogProps } from './file-path-dialog';
import { FileTree } from './file-tree';
import { SaveIndicator } from './save-indicator';

export interface CodeEditorWorkspaceProps {
  appId: string;
  /** The live preview, kept mounted beside the code (wide) or behind it (narrow); null: none. */
  preview: ReactNode | null;
  /** A save or delete made this version: the preview follows it. */
  onSaved: (versionId: string) => void;
  onDone: () => void;
  /** Under 1024 px the code and the preview take turns. */
  isNarrow: boolean;
  /** Under 768 px the file tree is a drawer. */
  isMobile: boolean;
}

const componentTemplate = (name: string) =>
  `export default function ${name}() {\n  return (\n    <div className="p-6">\n      <h1 className="text-2xl font-semibold">${name}</h1>\n    </div>\n  );\n}\n`;
const nameOf = (path: string) =>
  (path.split('/').pop() ?? '').replace(/\.[^.]+$/, '').replace(/[^A-Za-z0-9_]/g, '') || 'NewFile';

/**
 * The code editor (docs/product/editor-and-chat.md "Code editor"): the file tree, CodeMirror with
 * the validator's markers and autosave, and the preview following each save.
 */
export function CodeEditorWorkspace({ appId, preview, onSaved, onDone, isNarrow, isMobile }: CodeEditorWorkspaceProps) {
  const ws = useCodeWorkspace({ appId, onSaved });
  const [isTreeOpen, setIsTreeOpen] = useState(false);
  const [view, setView] = useState<'code' | 'preview'>('code');
  const [toDelete, setToDelete] = useState<CodeFile | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);
  const [pathDialog, setPathDialog] = useState<FilePathDialogProps['mode']>(null);
  const [isExportOpen, setIsExportOpen] = useState(false);

  async function openFile(path: string) {
    if (await ws.open(path)) setIsTreeOpen(false);
  }

  async function done() {
    await ws.flush();
    onDone();
  }

  function newFile(section: SectionId) {
    const prefix = NEW_FILE_PREFIX[section] ?? NEW_FILE_PREFIX.components!;
    setPathDialog({ kind: 'new', initialPath: `${prefix.folder}NewFile${prefix.ext}` });
    setIsTreeOpen(false);
  }

  async function submitPath(path: string) {
    const mode = pathDialog!;
    const template = /\.(jsx|tsx)$/.test(path) ? componentTemplate(nameOf(path)) : '';
    const error = await ws.writePath(path, mode.kind === 'rename' ? mode.from : null, template);
    if (!error) setPathDialog(null);
    return error;
  }

  async function confirmDelete() {
    if (!toDelete) return;
    setIsDeleting(true);
    const deleted = await ws.remove(toDelete);
    setIsDeleting(false);
    if (deleted) setToDelete(null);
  }

  const tree = ws.files && (
    <FileTree
      files={ws.files}
      issues={ws.issues}
      currentPath={ws.current?.path ?? null}
      onOpen={(path) => void openFile(path)}
      onNew={newFile}
      onRename={(file) => {
        setPathDialog({ kind: 'rename', from: file.path });
        setIsTreeOpen(false);
      }}
      onDelete={(file) => {
        setToDelete(file);
        setIsTreeOpen(false);
      }}
    />
  );

  let body: ReactNode;
  if (ws.query.isError && !ws.files) {
    body = (
      <EmptyState
        icon={<TriangleAlert />}
        title={MESSAGES.codeEditor.loadFailed}
        action={
          <Button variant="secondary" onClick={() => void ws.query.refetch()} loading={ws.query.isFetching}>
            Try again
          </Button>
        }
      />
    );
  } else if (!ws.files) {
    body = <Spinner size={20} label="Loading code" />;
  } else if (!ws.current) {
    body = (
      <EmptyState
        icon={<Code2 />}
        title="No files yet"
        action={
          <Button variant="secondary" onClick={() => newFile('pages')}>
            <Plus aria-hidden /> New page
          </Button>
        }
      />
    );
  } else {
    body = (
      <CodeMirrorEditor
        path={ws.current.path}
        value={ws.text}
        readOnly={ws.current.readOnly}
        issues={ws.currentIssues}
        onChange={ws.edit}
      />
    );
  }

  const errorCount = ws.currentIssues.filter((i) => i.severity === 'error').length;
  const showCode = !isNarrow || view === 'code' || !preview;
  return (
    <main className="flex min-w-0 flex-1 flex-col bg-surface" aria-label="Code editor">
      <div className="flex h-11 shrink-0 items-center gap-2 border-b border-line px-2 sm:px-3">
        {isMobile && ws.files && (
          <Button size="sm" variant="ghost" onClick={() => setIsTreeOpen(true)} aria-expanded={isTreeOpen}>
            <FolderTree aria-hidden /> Files
          </Button>
        )}
        <span className="min-w-0 flex-1 truncate font-mono text-xs text-ink" title={ws.current?.path}>
          {ws.current?.path ?? 'Code editor'}
          {ws.current?.readOnly && <span className="ml-2 font-sans text-ink-subtle">read-only</span>}
        </span>
        <SaveIndicator status={ws.status} onRetry={() => void ws.flush()} />
        {isNarrow && preview && (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setView(view === 'code' ? 'preview' : 'code')}
            aria-label={view === 'code' ? 'Show preview' : 'Show code'}
          >
            {view === 'code' ? <Eye aria-hidden /> : <Code2 aria-hidden />}
            <span className="max-sm:hidden">{view === 'code' ? 'Preview' : 'Code'}</span>
          </Button>
        )}
        <Button
          size="sm"
          variant="ghost"
          aria-label="Export"
          onClick={() => {
            void ws.flush();
            setIsExportOpen(true);
          }}
        >
          <PackageOpen aria-hidden />
          <span className="max-sm:hidden">Export</span>
        </Button>
        <Button size="sm" variant="secondary" onClick={() => void done()}>
          Done
        </Button>
      </div>
      <ExportDialog
        appId={appId}
        open={isExportOpen}
        onOpenChange={setIsExportOpen}
        onImported={(versionId) => {
          onSaved(versionId);
          void ws.reload();
        }}
      />
      <div className="relative flex min-h-0 flex-1">
        {!isMobile && tree && (
          <div className="w-56 shrink-0 overflow-y-auto border-r border-line bg-surface-muted/40">{tree}</div>
        )}
        {isMobile && isTreeOpen && (
          <>
            <div className="absolute inset-0 z-20 bg-zinc-950/30" aria-hidden onClick={() => setIsTreeOpen(false)} />
            <div
              role="dialog"
              aria-label="Files"
              className="absolute inset-y-0 left-0 z-30 w-72 max-w-[85vw] overflow-y-auto border-r border-line bg-surface shadow-pop"
            >
              <div className="flex items-center justify-between px-3 pt-2">
                <span className="text-sm font-semibold text-ink">Files</span>
                <Button size="icon" variant="ghost" aria-label="Close files" onClick={() => setIsTreeOpen(false)}>
                  <X aria-hidden />
                </Button>
              </div>
              {tree}
            </div>
          </>
        )}
        <section aria-label="Code" className={cn('min-w-0 flex-1 flex-col', showCode ? 'flex' : 'hidden')}>
          <div className="flex min-h-0 flex-1 items-stretch justify-center">
            <div className={cn('min-w-0 flex-1', !ws.current && 'flex items-center justify-center')}>{body}</div>
          </div>
          {ws.currentIssues.length > 0 && (
            <ul
              aria-label="Problems"
              className="max-h-28 shrink-0 overflow-y-auto border-t border-line bg-red-50/60 px-3 py-1.5 text-xs text-red-800"
            >
              {ws.currentIssues.map((issue, i) => (
                <li key={i} className="py-0.5">
                  {issue.line !== null && <span className="mr-1.5 font-mono text-red-600">line {issue.line}</span>}
                  {issue.message}
                </li>
              ))}
            </ul>
          )}
          <span className="sr-only" aria-live="polite">
            {errorCount > 0 ? `${errorCount} ${errorCount === 1 ? 'error' : 'errors'} in this file` : ''}
          </span>
        </section>
        {preview && (
          <div
            className={cn(
              'min-w-0 flex-col border-l border-line',
              isNarrow ? (view === 'preview' ? 'flex flex-1' : 'hidden') : 'flex w-[42%] shrink-0',
            )}
          >
            {preview}
          </div>
        )}
      </div>
      <DeleteFileDialog
        file={toDelete}
        references={toDelete ? ws.referencesOf(toDelete) : []}
        isDeleting={isDeleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
      <FilePathDialog mode={pathDialog} onSubmit={submitPath} onCancel={() => setPathDialog(null)} />
    </main>
  );
}
