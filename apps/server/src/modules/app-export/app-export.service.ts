import { EXPORT_MESSAGES as M, type ExportDataMode, type ImportProjectResponse } from '@tessera/contracts/app-export';
import { parseAppStyle, parseAppTexts, type AppTexts } from '@tessera/contracts/apps';
import { type SessionUser } from '@tessera/contracts/auth';
import { AppError } from '../../platform/errors';
import type { AppKeysService } from '../app-keys';
import type { CodeFilesService } from '../code-files';
import type { EntitiesService } from '../entities';
import { projectFiles } from './project-files';
import { readProjectZip, zipProject } from './project-zip';

/** Records per entity a local-mode export is seeded with. */
export const EXPORT_SEED_MAX_RECORDS = 1000;

export interface AppExportDeps {
  codeFiles: Pick<CodeFilesService, 'editable' | 'replaceFiles'>;
  appKeys: Pick<AppKeysService, 'verify'>;
  entities: Pick<EntitiesService, 'listPage'>;
  textsOf: (appId: string) => Promise<AppTexts>;
  appUrlOf: (slug: string) => string;
  publicUrl: string;
}

/**
 * Export ("eject") of a generated app as a standalone Vite + React project, and import of such a
 * project back as a new version (docs/product/export.md). Whoever may edit the app's code may do both.
 */
export function createAppExportService({ codeFiles, appKeys, entities, textsOf, appUrlOf, publicUrl }: AppExportDeps) {
  /** Each entity's records as the owner sees them, for a project with its own data. */
  async function recordsOf(user: SessionUser, appId: string, names: string[]) {
    const out: Record<string, unknown[]> = {};
    for (const name of names) {
      const { records } = await entities.listPage({ builder: user }, appId, name, {
        limit: String(EXPORT_SEED_MAX_RECORDS),
        sort: 'createdAt',
      });
      out[name] = records.map((text) => JSON.parse(text) as unknown);
    }
    return out;
  }

  return {
    async exportZip(
      user: SessionUser,
      appId: string,
      { mode, appKey }: { mode: ExportDataMode; appKey: string | null },
    ): Promise<{ fileName: string; zip: Uint8Array }> {
      const { app, snapshot } = await codeFiles.editable(user, appId);
      if (mode === 'server') {
        const key = appKey ? await appKeys.verify(app.id, appKey) : null;
        if (!key) throw new AppError('BAD_REQUEST', appKey ? M.invalidKey : M.keyNeeded);
        // Whoever has the built site has the key built into it: full access never goes there.
        if (key.kind === 'server') throw new AppError('BAD_REQUEST', M.serverKeyNotForExport);
      }
      const style = parseAppStyle(app.style);
      const texts = parseAppTexts(await textsOf(app.id));
      const files = projectFiles({
        snapshot,
        appId: app.id,
        name: app.name,
        slug: app.slug,
        style: style.ok ? style.value : {},
        texts: texts.ok ? texts.value : {},
        mode,
        apiUrl: publicUrl.replace(/\/+$/, ''),
        appUrl: appUrlOf(app.slug),
        appKey: mode === 'server' ? appKey : null,
        records: mode === 'local' ? await recordsOf(user, app.id, Object.keys(snapshot.entities)) : {},
      });
      return { fileName: `${app.slug}.zip`, zip: await zipProject(files) };
    },

    async importZip(
      user: SessionUser,
      appId: string,
      readUpload: () => Promise<Uint8Array>,
    ): Promise<ImportProjectResponse> {
      // A stranger's upload is refused before a byte of it is read.
      await codeFiles.editable(user, appId);
      const files = await readProjectZip(await readUpload());
      return codeFiles.replaceFiles(user, appId, files, 'Imported a project');
    },
  };
}

export type AppExportService = ReturnType<typeof createAppExportService>;
