import { useEffect, useMemo, useRef, useState } from 'react';
import { MESSAGES } from '@tessera/contracts';
import {
  referencesToUpdate,
  type CodeFile,
  type CodeFileSaveResponse,
  type CodeIssue,
  type ReferenceUpdate,
} from '@tessera/contracts/code';
import { toast } from '@tessera/ui';
import { errorMessage, isApiError } from '../../../shared/api';
import { deleteCodeFile, saveCodeFile, useCodeFiles } from '../api/code-files';
import { createAutosaver, type SaveStatus } from '../lib/autosaver';
import { baseName, firstFile } from '../lib/file-tree';

const M = MESSAGES.codeEditor;
/** The network error already has its own toast (the API client's). */
const isNetwork = (err: unknown) => isApiError(err) && err.isNetwork;

/** The main page app.json names, if it reads. */
function mainPageOf(files: CodeFile[]): string | null {
  try {
    const manifest = JSON.parse(files.find((f) => f.path === 'app.json')?.content ?? '{}') as { mainPage?: unknown };
    return typeof manifest.mainPage === 'string' ? manifest.mainPage : null;
  } catch {
    return null;
  }
}

/**
 * The code editor's state: the files as saved, the open file and its text, autosave with its
 * status, and delete / new / rename, each answered by the new version (`onSaved`).
 */
export function useCodeWorkspace({ appId, onSaved }: { appId: string; onSaved: (versionId: string) => void }) {
  const query = useCodeFiles(appId);
  const [files, setFiles] = useState<CodeFile[] | null>(null);
  const [issues, setIssues] = useState<CodeIssue[]>([]);
  const [currentPath, setCurrentPath] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [status, setStatus] = useState<SaveStatus>('idle');
  const onSavedRef = useRef(onSaved);
  useEffect(() => {
    onSavedRef.current = onSaved;
  });

  // The loaded files (again after a delete): the open file stays open while it exists.
  useEffect(() => {
    if (!query.data) return;
    const loaded = query.data.files;
    setFiles(loaded);
    setIssues(query.data.issues);
    setCurrentPath((current) => {
      const keep = current && loaded.some((f) => f.path === current) ? current : null;
      const next = keep ?? firstFile(loaded, mainPageOf(loaded))?.path ?? null;
      if (next !== current) setText(loaded.find((f) => f.path === next)?.content ?? '');
      return next;
    });
  }, [query.data]);

  const loadFailedShown = useRef(false);
  useEffect(() => {
    if (query.isError && !loadFailedShown.current) {
      loadFailedShown.current = true;
      toast.error(M.loadFailed);
    }
    if (!query.isError) loadFailedShown.current = false;
  }, [query.isError]);

  function applySaved(result: CodeFileSaveResponse, update: (files: CodeFile[]) => CodeFile[]) {
    setFiles((current) => (current ? update(current) : current));
    setIssues(result.issues);
    onSavedRef.current(result.versionId);
  }

  const saver = useMemo(
    () =>
      createAutosaver({
        save: async (path, content) => {
          const result = await saveCodeFile(appId, { id: path, content });
          applySaved(result, (list) => list.map((f) => (f.path === path ? { ...f, content } : f)));
        },
        onStatus: setStatus,
        onError: (err) => {
          if (!isNetwork(err)) toast.error(M.saveFailed);
        },
      }),
    [appId],
  );
  // Leaving the editor (Done, another panel, another page) saves what is pending.
  useEffect(() => () => saver.close(), [saver]);

  const current = files?.find((f) => f.path === currentPath) ?? null;

  function edit(value: string) {
    setText(value);
    if (current && !current.readOnly) saver.change(current.path, value);
  }

  /** Switching files saves pending changes first; a failed save keeps the file open. */
  async function open(path: string): Promise<boolean> {
    if (path === currentPath) return true;
    if (!(await saver.flush())) return false;
    setCurrentPath(path);
    setText(saver.draftOf(path) ?? files?.find((f) => f.path === path)?.content ?? '');
    return true;
  }

  /** The files (as saved, with this file's unsaved text) and what deleting `file` would rewrite. */
  function referencesOf(file: CodeFile): ReferenceUpdate[] {
    const record = Object.fromEntries((files ?? []).map((f) => [f.path, f.content]));
    return referencesToUpdate(record, file.path);
  }

  async function remove(file: CodeFile): Promise<boolean> {
    if (!(await saver.flush())) return false;
    try {
      const result = await deleteCodeFile(appId, file.path, referencesOf(file));
      saver.discard(file.path);
      const updated = new Map(referencesOf(file).map((r) => [r.path, r.content]));
      const remaining = (files ?? [])
        .filter((f) => f.path !== file.path)
        .map((f) => ({ ...f, content: updated.get(f.path) ?? f.content }));
      applySaved(result, () => remaining);
      // The open file went: the main page (or the first file) opens; one whose imports changed shows them.
      const next = currentPath === file.path ? firstFile(remaining, mainPageOf(remaining)) : current;
      setCurrentPath(next?.path ?? null);
      if (next) setText(updated.get(next.path) ?? (next === current ? text : next.content));
      toast.success(M.deleted.replace('{name}', baseName(file.path)));
      return true;
    } catch (err) {
      if (!isNetwork(err)) toast.error(M.deleteFailed);
      return false;
    }
  }

  /** A new file, or a rename (`from`): null when done, else the message to show under the path. */
  async function writePath(path: string, from: string | null, initial: string): Promise<string | null> {
    if (!(await saver.flush())) return M.saveFailed;
    const content = from ? (files?.find((f) => f.path === from)?.content ?? '') : initial;
    try {
      const result = await saveCodeFile(appId, from ? { id: from, path, content } : { path, content });
      const saved = result.file!;
      applySaved(result, (list) => [...list.filter((f) => f.path !== from && f.path !== saved.path), saved]);
      setCurrentPath(saved.path);
      setText(saved.content);
      return null;
    } catch (err) {
      return isApiError(err) && err.status && err.status < 500 ? errorMessage(err) : M.saveFailed;
    }
  }

  /** Loads the files again, the open file's text too (an imported project replaced them). */
  async function reload() {
    const { data } = await query.refetch();
    const file = data?.files.find((f) => f.path === currentPath);
    if (file) setText(file.content);
  }

  return {
    query,
    reload,
    files,
    issues,
    current,
    currentIssues: issues.filter((i) => i.file === current?.path),
    text,
    status,
    edit,
    open,
    flush: () => saver.flush(),
    referencesOf,
    remove,
    writePath,
  };
}

export type CodeWorkspace = ReturnType<typeof useCodeWorkspace>;
