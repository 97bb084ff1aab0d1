import { checkPath, validateSnapshot, type AppSnapshot, type ValidationIssue } from '@tessera/agent';
import { MESSAGES } from '@tessera/contracts';
import { EXPORT_MESSAGES } from '@tessera/contracts/app-export';
import { type SessionUser } from '@tessera/contracts/auth';
import {
  isEntityFilePath,
  type CodeFile,
  type CodeFileSaveResponse,
  type CodeFilesResponse,
  type CodeIssue,
  type DeleteCodeFileRequest,
  type UpdateCodeFileRequest,
} from '@tessera/contracts/code';
import { AppError } from '../../platform/errors';
import type { AccountsService } from '../accounts';
import type { AppsService } from '../apps/apps.service';
import type { VersionRow, VersionsRepo } from '../versions/versions.repo';
import { MANIFEST_PATH, readManifest } from '../apps/app-manifest';
import { snapshotFiles, type VersionsService } from '../versions/versions.service';

const M = MESSAGES.codeEditor;

const issueOf = (i: ValidationIssue): CodeIssue => ({
  file: i.file ?? null,
  line: i.line ?? null,
  message: i.message,
  severity: i.severity,
});

const codeFile = (path: string, content: string): CodeFile => ({
  id: path,
  path,
  content,
  readOnly: isEntityFilePath(path),
});

export interface CodeFilesDeps {
  apps: AppsService;
  accounts: Pick<AccountsService, 'getCurrent'>;
  versions: VersionsService;
  versionsRepo: VersionsRepo;
  /** The app's newest chat message: a hand edit's version points there, so restoring it works like any other. */
  lastMessageIdOf: (appId: string) => Promise<string | null>;
}

/**
 * The code editor's files (docs/product/editor-and-chat.md "Code editor"): the latest version's
 * files, and hand edits, each written as a new version (so the preview, diff and restore see it).
 * Generated apps: their builder; space apps: an admin who owns it; entity files are read-only.
 */
export function createCodeFilesService({ apps, accounts, versions, versionsRepo, lastMessageIdOf }: CodeFilesDeps) {
  /** The app if this builder may edit its code, with its latest version and current snapshot. */
  async function editable(user: SessionUser, appId: string) {
    const details = await apps.get(user, appId);
    const app = await apps.getOwned(user, appId);
    if (app.kind === 'tool') throw new AppError('BAD_REQUEST', M.noCode);
    if (app.kind === 'space' && !(await accounts.getCurrent(user)).isAdmin)
      throw new AppError('FORBIDDEN', M.adminsOnly);
    const latest = await versionsRepo.findLatestVersion(app.id);
    const entities = Object.entries(details.entities).map(([name, schema]) => ({ name, schema }));
    return { app, latest, snapshot: versions.snapshotOf(app, latest, entities) };
  }

  async function write(
    base: Awaited<ReturnType<typeof editable>>,
    files: Record<string, string>,
    description: string,
    checked?: ValidationIssue[],
  ): Promise<{ version: VersionRow; issues: CodeIssue[] }> {
    const snapshot: AppSnapshot = { files, entities: base.snapshot.entities };
    const [issues, messageId] = await Promise.all([
      checked ?? validateSnapshot(snapshot),
      lastMessageIdOf(base.app.id),
    ]);
    const version = await versionsRepo.createVersion({
      appId: base.app.id,
      snapshot,
      appName: readManifest(snapshot).name ?? base.app.name,
      messageId,
      description,
    });
    return { version, issues: issues.map(issueOf) };
  }

  const refuseEntityFile = (path: string) => {
    if (isEntityFilePath(path)) throw new AppError('FORBIDDEN', M.entityReadOnly);
  };
  const requirePath = (path: string) => {
    const problem = checkPath(path);
    if (problem) throw new AppError('BAD_REQUEST', `${path}: ${problem}`);
  };

  return {
    /** The app with its latest version and snapshot, if `user` may edit its code (export and app keys follow this rule). */
    editable,

    /**
     * Replaces every file at once (an imported project, docs/product/export.md#import) as one new
     * version; the entities stay as they are. Refused, making no version, when the validator finds errors.
     */
    async replaceFiles(
      user: SessionUser,
      appId: string,
      files: Record<string, string>,
      description: string,
    ): Promise<{ versionId: string; number: number }> {
      const base = await editable(user, appId);
      const issues = await validateSnapshot({ files, entities: base.snapshot.entities });
      const errors = issues.filter((i) => i.severity === 'error');
      if (errors.length) {
        const first = errors[0]!;
        const where = first.file ? `${first.file}${first.line ? `:${first.line}` : ''}: ` : '';
        throw new AppError('VALIDATION_FAILED', EXPORT_MESSAGES.invalidCode.replace('{issue}', where + first.message), {
          issues: errors.slice(0, 20).map(issueOf),
        });
      }
      const { version } = await write(base, files, description, issues);
      return { versionId: version.id, number: version.number };
    },

    async list(user: SessionUser, appId: string): Promise<CodeFilesResponse> {
      const base = await editable(user, appId);
      const issues = base.latest ? (await validateSnapshot(base.snapshot)).map(issueOf) : [];
      return {
        versionId: base.latest?.id ?? null,
        number: base.latest?.number ?? null,
        files: [...snapshotFiles(base.snapshot)].map(([path, content]) => codeFile(path, content)),
        issues,
      };
    },

    /** Saves one file (new, changed, or renamed from `id` to `path`) as a new version; the same text makes none. */
    async update(user: SessionUser, appId: string, { file }: UpdateCodeFileRequest): Promise<CodeFileSaveResponse> {
      const from = file.id ?? file.path!;
      const to = file.path ?? file.id!;
      const base = await editable(user, appId);
      refuseEntityFile(from);
      refuseEntityFile(to);
      const files = base.snapshot.files;
      const exists = (path: string) => Object.hasOwn(files, path);
      if (file.id !== undefined && !exists(file.id)) throw new AppError('NOT_FOUND', M.fileNotFound);
      const isRename = from !== to;
      if (isRename && exists(to)) throw new AppError('CONFLICT', M.fileExists);
      if (isRename && from === MANIFEST_PATH) throw new AppError('BAD_REQUEST', M.manifestRequired);
      requirePath(to);
      if (!isRename && base.latest && files[to] === file.content) {
        const issues = (await validateSnapshot(base.snapshot)).map(issueOf);
        return {
          versionId: base.latest.id,
          number: base.latest.number,
          file: codeFile(to, file.content),
          updatedFiles: [],
          issues,
        };
      }
      const next = { ...files };
      if (isRename) delete next[from];
      next[to] = file.content;
      const description = isRename ? `Renamed ${from} to ${to}` : exists(to) ? `Edited ${to}` : `Added ${to}`;
      const { version, issues } = await write(base, next, description);
      return {
        versionId: version.id,
        number: version.number,
        file: codeFile(to, file.content),
        updatedFiles: [],
        issues,
      };
    },

    /** Deletes a file and writes the new text of the files that imported it, as one new version. */
    async remove(
      user: SessionUser,
      appId: string,
      { fileId, referencesToUpdate }: DeleteCodeFileRequest,
    ): Promise<CodeFileSaveResponse> {
      const base = await editable(user, appId);
      refuseEntityFile(fileId);
      if (fileId === MANIFEST_PATH) throw new AppError('BAD_REQUEST', M.manifestRequired);
      const files = base.snapshot.files;
      if (!Object.hasOwn(files, fileId)) throw new AppError('NOT_FOUND', M.fileNotFound);
      const next = { ...files };
      delete next[fileId];
      const updated = new Set<string>();
      for (const ref of referencesToUpdate) {
        refuseEntityFile(ref.path);
        if (ref.path === fileId) throw new AppError('BAD_REQUEST', `${ref.path} is the file being deleted`);
        if (!Object.hasOwn(next, ref.path))
          throw new AppError('BAD_REQUEST', `${ref.path}: ${M.fileNotFound.toLowerCase()}`);
        if (updated.has(ref.path)) throw new AppError('BAD_REQUEST', `${ref.path} is listed twice`);
        updated.add(ref.path);
        next[ref.path] = ref.content;
      }
      const { version, issues } = await write(base, next, `Deleted ${fileId}`);
      return { versionId: version.id, number: version.number, file: null, updatedFiles: [...updated], issues };
    },
  };
}

export type CodeFilesService = ReturnType<typeof createCodeFilesService>;
