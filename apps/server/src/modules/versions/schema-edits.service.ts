import type { AppSnapshot } from '@tessera/agent';
import { type SchemaEditResponse } from '@tessera/contracts/apps';
import { type SessionUser } from '@tessera/contracts/auth';
import { parseEntitySchema, type EntitySchema } from '@tessera/contracts/entities';
import { AppError } from '../../platform/errors';
import type { AppsService } from '../apps/apps.service';
import { filesMentioning, renameFieldInFiles } from './field-references';
import type { VersionsRepo } from './versions.repo';
import { readManifest } from '../apps/app-manifest';
import { schemaWithRenamedField } from '../apps/field-rename';
import type { VersionsService } from './versions.service';

const stillMentioned = (files: Record<string, string>, entity: string, fields: string[]) =>
  fields.flatMap((field) =>
    filesMentioning(files, field).map((path) => `${path} still refers to "${field}", which ${entity} no longer has`),
  );

/**
 * The Database panel's schema changes. In an app with versions each one is a new version (the
 * preview gets it at once, end users at the next publish, docs/publishing.md): a rename also
 * rewrites the code that uses the field, and code still naming a field that is gone is reported.
 * An app without versions (no code yet) has its schema changed in place, as before.
 */
export function createSchemaEdits({
  apps,
  versions,
  versionsRepo,
}: {
  apps: AppsService;
  versions: VersionsService;
  versionsRepo: VersionsRepo;
}) {
  /** The latest snapshot with the app's live schemas, or null when the app has no version yet. */
  async function current(user: SessionUser, appId: string) {
    const details = await apps.get(user, appId);
    const app = await apps.getOwned(user, appId);
    const latest = await versionsRepo.findLatestVersion(app.id);
    if (!latest) return null;
    const entities = Object.entries(details.entities).map(([name, schema]) => ({ name, schema }));
    return { app, snapshot: versions.snapshotOf(app, latest, entities) };
  }

  async function commit(
    base: NonNullable<Awaited<ReturnType<typeof current>>>,
    snapshot: AppSnapshot,
    description: string,
    fieldRename?: { entity: string; from: string; to: string },
  ) {
    return versionsRepo.createVersion({
      appId: base.app.id,
      snapshot,
      appName: readManifest(snapshot).name ?? base.app.name,
      description,
      ...(fieldRename ? { fieldRename } : {}),
    });
  }

  return {
    async saveEntity(user: SessionUser, appId: string, name: string, raw: unknown): Promise<SchemaEditResponse> {
      const base = await current(user, appId);
      if (!base)
        return { ...(await apps.saveEntity(user, appId, name, raw)), versionId: null, updatedFiles: [], warnings: [] };
      const parsed = parseEntitySchema(name, raw);
      if (!parsed.ok) throw new AppError('VALIDATION_FAILED', parsed.error);
      const before: EntitySchema | undefined = base.snapshot.entities[name];
      const removed = Object.keys(before?.properties ?? {}).filter((f) => !Object.hasOwn(parsed.value.properties, f));
      const snapshot = { files: base.snapshot.files, entities: { ...base.snapshot.entities, [name]: parsed.value } };
      const version = await commit(base, snapshot, before ? `Changed the ${name} table` : `Added the ${name} table`);
      return {
        name,
        schema: parsed.value,
        versionId: version.id,
        updatedFiles: [],
        warnings: stillMentioned(snapshot.files, name, removed),
      };
    },

    async renameField(
      user: SessionUser,
      appId: string,
      entity: string,
      from: string,
      to: string,
    ): Promise<SchemaEditResponse> {
      const base = await current(user, appId);
      if (!base)
        return {
          ...(await apps.renameField(user, appId, entity, from, to)),
          versionId: null,
          updatedFiles: [],
          warnings: [],
        };
      const schema = schemaWithRenamedField(entity, base.snapshot.entities[entity], from, to);
      const code = renameFieldInFiles(base.snapshot.files, from, to);
      const snapshot = { files: code.files, entities: { ...base.snapshot.entities, [entity]: schema } };
      const version = await commit(base, snapshot, `Renamed ${entity}.${from} to ${to}`, { entity, from, to });
      return {
        name: entity,
        schema,
        versionId: version.id,
        updatedFiles: code.updated,
        warnings: stillMentioned(code.files, entity, [from]),
      };
    },
  };
}

export type SchemaEdits = ReturnType<typeof createSchemaEdits>;
