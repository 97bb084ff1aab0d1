import type { AppSnapshot } from '@tessera/agent';
import { MESSAGES } from '@tessera/contracts';
import { PUBLISH_UNCONVERTIBLE_LISTED, type PublishDryRunResponse } from '@tessera/contracts/apps';
import { type SessionUser } from '@tessera/contracts/auth';
import {
  VERSION_LIST_LIMIT,
  type VersionDetail,
  type VersionDiffFile,
  type VersionEntry,
} from '@tessera/contracts/chat';
import { type EntitySchema } from '@tessera/contracts/entities';
import { AppError } from '../../platform/errors';
import { MANIFEST_PATH, readManifest } from '../apps/app-manifest';
import type { AppRow } from '../apps/apps.repo';
import type { AppsService } from '../apps/apps.service';
import type { PublishOutcome, PublishRepo } from './publish.repo';
import type { VersionRow, VersionsRepo } from './versions.repo';

/** Files of a snapshot as the diff and version views list them: entity schemas as `entities/{Name}.json`. */
export function snapshotFiles(snapshot: AppSnapshot): Map<string, string> {
  const files = new Map(Object.entries(snapshot.files));
  for (const [name, schema] of Object.entries(snapshot.entities))
    files.set(`entities/${name}.json`, `${JSON.stringify(schema, null, 2)}\n`);
  return new Map([...files.entries()].sort(([a], [b]) => a.localeCompare(b)));
}

/** Per-file comparison of two snapshots (docs/product/editor-and-chat.md#data Version diff file). */
export function diffSnapshots(older: AppSnapshot | null, newer: AppSnapshot): VersionDiffFile[] {
  const before = older ? snapshotFiles(older) : new Map<string, string>();
  const after = snapshotFiles(newer);
  const paths = [...new Set([...before.keys(), ...after.keys()])].sort();
  return paths.map((path) => {
    const oldCode = before.get(path) ?? '';
    const newCode = after.get(path) ?? '';
    const status = !before.has(path)
      ? 'added'
      : !after.has(path)
        ? 'deleted'
        : oldCode === newCode
          ? 'unchanged'
          : 'modified';
    return { path, oldCode, newCode, status };
  });
}

/** An app before its first turn: only its name. */
function emptySnapshot(app: AppRow): AppSnapshot {
  return { files: { [MANIFEST_PATH]: `${JSON.stringify({ name: app.name, mainPage: '' }, null, 2)}\n` }, entities: {} };
}

const entry = (v: Omit<VersionRow, 'snapshot'>): VersionEntry => ({
  id: v.id,
  number: v.number,
  timestamp: v.createdAt.toISOString(),
  messageId: v.messageId,
  content: v.description,
  userRequest: v.userRequest,
});

const NOTHING_TO_PUBLISH = 'There is nothing to publish yet: build the app in the chat first';

/** The Publish dialog's list: what end users will get, and the values kept aside. */
const dryRunOf = (outcome: PublishOutcome): PublishDryRunResponse => ({
  versionId: outcome.latest!.id,
  number: outcome.latest!.number,
  isPublished: outcome.isPublished,
  entities: outcome.plan.changes,
  unconvertible: outcome.unconvertible.slice(0, PUBLISH_UNCONVERTIBLE_LISTED),
  unconvertibleCount: outcome.unconvertible.length,
});

/** Versions of generated apps: list, read, diff, restore (as a new version) and publish. */
export function createVersionsService({
  versionsRepo,
  publishRepo,
  apps,
}: {
  versionsRepo: VersionsRepo;
  publishRepo: PublishRepo;
  apps: AppsService;
}) {
  async function getVersion(appId: string, versionId: string): Promise<VersionRow> {
    const version = await versionsRepo.findVersion(appId, versionId);
    if (!version) throw new AppError('NOT_FOUND', 'This version does not exist');
    return version;
  }

  /**
   * What the next chat turn starts from: the latest version's files with the app's live entity
   * schemas (the Database panel may have changed them since), or an empty app.
   */
  function snapshotOf(
    app: AppRow,
    version: VersionRow | null,
    entities: Array<{ name: string; schema: EntitySchema }>,
  ): AppSnapshot {
    return {
      files: version ? version.snapshot.files : emptySnapshot(app).files,
      entities: Object.fromEntries(entities.map((e) => [e.name, e.schema])),
    };
  }

  return {
    getVersion,
    snapshotOf,
    emptySnapshot,

    async list(user: SessionUser, appId: string): Promise<VersionEntry[]> {
      const app = await apps.getOwned(user, appId);
      return (await versionsRepo.listVersions(app.id, VERSION_LIST_LIMIT)).map(entry);
    },

    async get(user: SessionUser, appId: string, versionId: string): Promise<VersionDetail> {
      const app = await apps.getOwned(user, appId);
      const v = await getVersion(app.id, versionId);
      return {
        files: [...snapshotFiles(v.snapshot)].map(([path, content]) => ({ path, content })),
        version: {
          id: v.id,
          number: v.number,
          messageId: v.messageId,
          createdAt: v.createdAt.toISOString(),
          metadata: { description: v.description },
        },
      };
    },

    /** The changes a version made: against `baseVersionId`, or the version before it. */
    async changes(
      user: SessionUser,
      appId: string,
      versionId: string,
      baseVersionId?: string,
    ): Promise<VersionDiffFile[]> {
      const app = await apps.getOwned(user, appId);
      const v = await getVersion(app.id, versionId);
      const base = baseVersionId
        ? await getVersion(app.id, baseVersionId)
        : await versionsRepo.findPreviousVersion(app.id, v.number);
      return diffSnapshots(base?.snapshot ?? null, v.snapshot).filter((f) => f.status !== 'unchanged');
    },

    /** Makes a new version equal to an old one: nothing is lost, the old and the newer ones stay. */
    async restoreAsNew(
      app: AppRow,
      versionId: string,
      messageId: string | null,
    ): Promise<{ restored: VersionRow; from: VersionRow }> {
      const from = await getVersion(app.id, versionId);
      const restored = await versionsRepo.createVersion({
        appId: app.id,
        snapshot: from.snapshot,
        appName: readManifest(from.snapshot).name ?? app.name,
        messageId,
        description: `Restored version ${from.number}`,
      });
      return { restored, from };
    },

    /** What publishing now would change for end users (schemas, access, records); nothing is written. */
    async publishDryRun(user: SessionUser, appId: string): Promise<PublishDryRunResponse> {
      const app = await apps.getOwned(user, appId);
      const outcome = await publishRepo.dryRun(app.id);
      if (!outcome.latest) throw new AppError('CONFLICT', NOTHING_TO_PUBLISH);
      return dryRunOf(outcome);
    },

    /**
     * Publishes the latest version with its schemas and access rules, migrating the records in the
     * same transaction. With `versionId` (the one the dialog showed) a newer version is refused.
     */
    async publish(
      user: SessionUser,
      appId: string,
      versionId?: string,
    ): Promise<{ versionId: string; number: number }> {
      const app = await apps.getOwned(user, appId);
      const outcome = await publishRepo.publish(app.id, ({ latest }) => {
        if (!latest) throw new AppError('CONFLICT', NOTHING_TO_PUBLISH);
        if (versionId && versionId !== latest.id)
          throw new AppError('CONFLICT', 'The app changed since you opened Publish: review the changes again');
      });
      return { versionId: outcome.latest!.id, number: outcome.latest!.number };
    },

    /** The message the spec's restore call needs, or its error text. */
    requireMessageId(messageId: string | null | undefined): string {
      if (!messageId) throw new AppError('BAD_REQUEST', MESSAGES.chat.noMessageForVersion);
      return messageId;
    },
  };
}

export type VersionsService = ReturnType<typeof createVersionsService>;
