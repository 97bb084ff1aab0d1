import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { appNameOfDescription, type AppSnapshot } from '@tessera/agent';
import {
  APP_BUILDER_VERSION,
  APP_NAME_MAX_LENGTH,
  type AppSummary,
  type CreateAppFromDescriptionRequest,
  type DuplicateAppRequest,
  type SaveAppResponse,
} from '@tessera/contracts/apps';
import { type SessionUser } from '@tessera/contracts/auth';
import type { VersionsRepo } from '../versions/versions.repo';
import { copiedDefinition } from './app-copy';
import { MANIFEST_PATH } from './app-manifest';
import { APP_SETTINGS_CHANNEL, isUniqueViolation, SlugTakenError, type AppRow, type AppsRepo } from './apps.repo';

/** The snapshot with `name` in its app.json (the name every later chat turn starts from). */
export function withManifestName(snapshot: AppSnapshot, name: string): AppSnapshot {
  let manifest: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(snapshot.files[MANIFEST_PATH] ?? '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) manifest = parsed as Record<string, unknown>;
  } catch {
    // An unreadable app.json is replaced by one with the name (the validator reported it before).
  }
  const file = `${JSON.stringify({ ...manifest, name }, null, 2)}\n`;
  return { ...snapshot, files: { ...snapshot.files, [MANIFEST_PATH]: file } };
}

/** The same builder's same request key always names the same app id; other builders' never do. */
export function appIdOfRequest(userId: string, key: string): string {
  const hex = createHash('sha256').update(`new-app:${userId}:${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** "Task Tracker copy", kept within the name limit. */
const copyName = (name: string) => `${name.slice(0, APP_NAME_MAX_LENGTH - 5).trimEnd()} copy`;

export interface AppLifecycleDeps {
  appsRepo: AppsRepo;
  versionsRepo: VersionsRepo;
  getOwned: (user: SessionUser, appId: string) => Promise<AppRow>;
  freeSlug: (base: string) => Promise<string>;
  slugify: (name: string) => string;
  summary: (row: AppRow) => AppSummary;
  /** Stored settings without the source's secrets. */
  withoutSecrets: (settings: Record<string, unknown>) => Record<string, unknown>;
  onSettingsSaved?: (app: { id: string; slug: string }) => void;
  /** Removes the files the app's users uploaded. */
  deleteFiles: (appId: string) => Promise<void>;
}

/** Creating an app from a description, renaming, duplicating and deleting apps (Home's actions). */
export function createAppLifecycle({
  appsRepo,
  versionsRepo,
  getOwned,
  freeSlug,
  slugify,
  summary,
  withoutSecrets,
  onSettingsSaved,
  deleteFiles,
}: AppLifecycleDeps) {
  const response = (row: AppRow): SaveAppResponse => ({
    appId: row.id,
    slug: row.slug,
    name: row.name,
    appType: row.kind as SaveAppResponse['appType'],
  });

  /** Stores a new app under a free slug; a slug taken a moment ago by another app gets a random suffix. */
  async function insertNew(values: Parameters<AppsRepo['save']>[0]): Promise<AppRow> {
    try {
      return await appsRepo.save(values, {}, { replace: false });
    } catch (err) {
      if (!(err instanceof SlugTakenError)) throw err;
      return appsRepo.save(
        { ...values, slug: `${values.slug}-${randomBytes(3).toString('hex')}` },
        {},
        { replace: false },
      );
    }
  }

  return {
    /**
     * A new, empty generated app named after the description; its first chat turn builds it.
     * Repeating a request key gives back the app the first request made.
     */
    async createFromDescription(user: SessionUser, req: CreateAppFromDescriptionRequest): Promise<SaveAppResponse> {
      const id = req.requestKey ? appIdOfRequest(user.id, req.requestKey) : randomUUID();
      const earlier = req.requestKey ? await appsRepo.findById(id) : null;
      if (earlier?.ownerUserId === user.id) return response(earlier);
      const name = appNameOfDescription(req.description).slice(0, APP_NAME_MAX_LENGTH).trim() || 'My App';
      const values = {
        id,
        ownerUserId: user.id,
        kind: 'generated',
        slug: await freeSlug(slugify(name)),
        name,
        definition: {},
        appBuilderVersion: APP_BUILDER_VERSION,
      };
      try {
        return response(await insertNew(values));
      } catch (err) {
        // The same key's first request stored the app while this one was on its way.
        const same = isUniqueViolation(err) ? await appsRepo.findById(id) : null;
        if (same?.ownerUserId === user.id) return response(same);
        throw err;
      }
    },

    /**
     * A new display name; the address stays. An app with versions gets one more whose app.json
     * carries the name, so the next chat turn keeps it.
     */
    async rename(user: SessionUser, appId: string, name: string): Promise<AppSummary> {
      const row = await getOwned(user, appId);
      const latest = await versionsRepo.findLatestVersion(row.id);
      if (latest) {
        const entities = Object.fromEntries((await appsRepo.listEntities(row.id)).map((e) => [e.name, e.schema]));
        await versionsRepo.createVersion({
          appId: row.id,
          snapshot: withManifestName({ files: latest.snapshot.files, entities }, name),
          appName: name,
          description: `Renamed to ${name}`,
        });
      } else {
        await appsRepo.rename(row.id, name);
      }
      return summary((await appsRepo.findById(row.id))!);
    },

    /** A draft copy with its own address: code, entity schemas and, with `includeData`, the records. */
    async duplicate(user: SessionUser, appId: string, req: DuplicateAppRequest): Promise<SaveAppResponse> {
      const source = await getOwned(user, appId);
      const name = req.name ?? copyName(source.name);
      const latest = await versionsRepo.findLatestVersion(source.id);
      const itemIds = new Map((await appsRepo.dataItemIds(source.id)).map((itemId) => [itemId, randomUUID()]));
      const copy = {
        id: randomUUID(),
        name,
        // A draft copy cannot offer sign-up (that needs publishing); the rest of the settings carry over.
        settings: {
          ...withoutSecrets(source.settings),
          ...(source.settings.isSignupEnabled ? { isSignupEnabled: false } : {}),
        },
        snapshot: latest ? withManifestName(latest.snapshot, name) : null,
        definition: copiedDefinition(source.definition, itemIds),
        itemIds,
        description: `Duplicated from ${source.name}`,
        includeData: req.includeData === true,
      };
      const slug = await freeSlug(slugify(name));
      try {
        return response(await appsRepo.duplicate(source, { ...copy, slug }));
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        // Another app claimed the same slug a moment ago.
        const suffixed = `${slug}-${randomBytes(3).toString('hex')}`;
        return response(await appsRepo.duplicate(source, { ...copy, slug: suffixed }));
      }
    },

    /** Deletes the app with all its data; its address is never given to another app. */
    async remove(user: SessionUser, appId: string): Promise<{ status: true }> {
      const row = await getOwned(user, appId);
      await appsRepo.deleteApp(row, APP_SETTINGS_CHANNEL);
      onSettingsSaved?.({ id: row.id, slug: row.slug });
      // After the rows: a file whose app is gone can no longer be served, so a failure here leaks nothing.
      await deleteFiles(row.id);
      return { status: true };
    },
  };
}
