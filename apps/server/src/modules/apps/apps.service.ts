import { randomBytes, randomUUID } from 'node:crypto';
import { APP_MESSAGES } from '@tessera/contracts';
import { type Account } from '@tessera/contracts/accounts';
import {
  APP_BUILDER_VERSION,
  signupNeedsFieldsMessage,
  signupRequirementsMissing,
  type AppListItem,
  type AppSettings,
  type AppSummary,
  type GenApp,
  type SaveAppRequest,
  type SaveAppResponse,
  type ToolApp,
} from '@tessera/contracts/apps';
import { type SessionUser } from '@tessera/contracts/auth';
import { parseEntitySchema, type EntitySchema } from '@tessera/contracts/entities';
import { canEditAppSettings } from '@tessera/contracts/plans';
import { TEMPLATE_SETTING_KEYS } from '@tessera/contracts/templates';
import { AppError } from '../../platform/errors';
import type { AppSnapshot } from '@tessera/agent';
import type { VersionsRepo } from '../versions/versions.repo';
import type { SettingsSecrets } from './settings-secrets';
import { storedToolKeys } from '../tools';
import { createAppLifecycle } from './app-lifecycle.service';
import { schemaWithRenamedField } from './field-rename';
import { lastTurnErrorOf } from './last-turn';
import { isUniqueViolation, SlugTakenError, type AppRow, type AppsRepo } from './apps.repo';

export const APP_NOT_FOUND = APP_MESSAGES.appNotFound;

/** The refusal of an address another app has, or once had (addresses are never handed on). */
const slugTaken = (slug: string) =>
  new AppError('CONFLICT', `The address "${slug}" is taken by another app, choose another slug`);

/** A readable, URL-safe slug from an app name ("Meal Planner!" -> "meal-planner"). */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return slug || 'app';
}

export interface AppDetails extends AppSummary {
  /** The version end users get, null until the first publish. */
  publishedVersionId: string | null;
  /** Where the app lives on its own host. */
  appUrl: string;
  definition: Record<string, unknown>;
  style: Record<string, unknown>;
  settings: Record<string, unknown>;
  /** Custom hostnames the operator maps to this app (APP_HOSTNAMES); sign-up may open on them unpublished. */
  customDomains: string[];
  entities: Record<string, EntitySchema>;
}

/** A source name as a snapshot path: `Tasks` -> `pages/Tasks.jsx`; a name with a path or extension is kept. */
const sourcePath = (root: string, name: string, ext: string) => {
  const path = name.startsWith(`${root}/`) ? name : `${root}/${name}`;
  return /\.[a-z]+$/i.test(path) ? path : `${path}${ext}`;
};

/** The snapshot of a whole generated-app definition (docs/generated-apps.md). */
export function snapshotOfGenApp(gen: GenApp, entities: Record<string, EntitySchema>): AppSnapshot {
  const files: Record<string, string> = {};
  const mainPage = gen.mainPage ?? Object.keys(gen.pages)[0] ?? '';
  files['app.json'] =
    `${JSON.stringify({ name: gen.name, mainPage: mainPage.replace(/^pages\//, '').replace(/\.[a-z]+$/i, '') }, null, 2)}\n`;
  for (const [name, code] of Object.entries(gen.pages)) files[sourcePath('pages', name, '.jsx')] = code;
  for (const [name, code] of Object.entries(gen.components)) files[sourcePath('components', name, '.jsx')] = code;
  for (const [name, code] of Object.entries(gen.services)) files[sourcePath('services', name, '.js')] = code;
  if (gen.layout) files['layout.jsx'] = gen.layout;
  if (gen.globalsCss) files['globals.css'] = gen.globalsCss;
  return { files, entities };
}

export interface AppsServiceDeps {
  appsRepo: AppsRepo;
  versionsRepo: VersionsRepo;
  appUrlOf: (slug: string) => string;
  /** The builder's plan and admin flag (the accounts service): App settings of generated apps are gated on them. */
  accountOf: (user: SessionUser) => Promise<Pick<Account, 'plan' | 'isAdmin'>>;
  /** Custom hostnames mapped to a slug (APP_HOSTNAMES, known to the runtime). */
  customDomainsOf: (slug: string) => string[];
  /** Called once new settings are stored: this process's app hosts forget their cached copy at once. */
  onSettingsSaved?: (app: { id: string; slug: string }) => void;
  /** Seals the payment provider's token in stored settings and hides it from the shown ones. */
  settingsSecrets: SettingsSecrets;
  /** Removes an app's uploaded files when it is deleted. */
  deleteFiles: (appId: string) => Promise<void>;
  /**
   * The single AI tool's rules (the tools module, docs/product/tools.md#rules-and-messages): the
   * definition a tool or space save stores, and the tool settings' gates on a settings save.
   */
  toolRules?: {
    prepareDefinition: (user: SessionUser, existing: AppRow | null, app: ToolApp) => Promise<Record<string, unknown>>;
    checkSettings: (user: SessionUser, row: AppRow, settings: Record<string, unknown>) => Promise<void>;
  };
}

/** A single tool is out once one of its tools is active: its page is `/tool/{path}` on the app's host. */
const hasActiveTool = (row: AppRow): boolean =>
  row.kind === 'tool' &&
  Array.isArray(row.definition.tools) &&
  row.definition.tools.some((t: unknown) => (t as { status?: unknown } | null)?.status === 'active');

/**
 * The settings with the template keys as stored: only the template call changes them
 * (docs/product/templates.md#data), so a panel's older copy of the settings never turns an offer off
 * or back on.
 */
function withStoredTemplateSettings(incoming: AppSettings, stored: Record<string, unknown>): AppSettings {
  const out: Record<string, unknown> = { ...incoming };
  for (const key of TEMPLATE_SETTING_KEYS)
    if (Object.hasOwn(stored, key)) out[key] = stored[key];
    else delete out[key];
  return out as AppSettings;
}

/** Apps of a builder (docs/product/runtime.md#calls saving): create or replace whole definitions, style, settings. */
export function createAppsService({
  appsRepo,
  versionsRepo,
  appUrlOf,
  accountOf,
  customDomainsOf,
  onSettingsSaved,
  settingsSecrets,
  deleteFiles,
  toolRules,
}: AppsServiceDeps) {
  const summary = (row: AppRow): AppSummary => ({
    appId: row.id,
    name: row.name,
    slug: row.slug,
    appType: row.kind as AppSummary['appType'],
    updatedAt: row.updatedAt.toISOString(),
    publishedAt: row.publishedAt?.toISOString() ?? null,
  });

  /** The app when `caller` owns it; anyone else gets the 404 of an app that does not exist. */
  function requireOwner(row: AppRow | null | undefined, caller: SessionUser): AppRow {
    if (!row || row.ownerUserId !== caller.id) throw new AppError('NOT_FOUND', APP_NOT_FOUND);
    return row;
  }

  /**
   * The app, if this builder owns it; someone else's app is "not found", never "forbidden". `user`
   * may still be resolving (the session and the app are read at once): the row is returned only
   * once its owner matches.
   */
  async function getOwned(user: SessionUser | Promise<SessionUser>, appId: string): Promise<AppRow> {
    const [caller, row] = await Promise.all([user, appsRepo.findById(appId)]);
    return requireOwner(row, caller);
  }

  function parseEntities(raw: Record<string, unknown>): Record<string, EntitySchema> {
    const entities: Record<string, EntitySchema> = {};
    for (const [name, schema] of Object.entries(raw)) {
      const parsed = parseEntitySchema(name, schema);
      if (!parsed.ok) throw new AppError('VALIDATION_FAILED', parsed.error);
      entities[name] = parsed.value;
    }
    return entities;
  }

  /** Refuses, as the settings route does, a builder without App settings for generated apps. */
  async function requireGeneratedSettings(user: SessionUser): Promise<void> {
    const account = await accountOf(user);
    if (!canEditAppSettings({ kind: 'generated', plan: account.plan, isAdmin: account.isAdmin })) {
      throw new AppError('PLAN_LIMIT_REACHED', APP_MESSAGES.appSettingsPlanRequired, { upgradeReason: 'default' });
    }
  }

  async function freeSlug(base: string): Promise<string> {
    const taken = new Set(await appsRepo.slugsLike(base));
    if (!taken.has(base)) return base;
    for (let n = 2; n < 1000; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
    return `${base}-${randomBytes(3).toString('hex')}`;
  }

  return {
    getOwned,
    requireOwner,
    freeSlug,
    ...createAppLifecycle({
      appsRepo,
      versionsRepo,
      getOwned,
      freeSlug,
      slugify,
      summary,
      withoutSecrets: settingsSecrets.withoutSecrets,
      onSettingsSaved,
      deleteFiles,
    }),

    async save(user: SessionUser, req: SaveAppRequest): Promise<SaveAppResponse> {
      const existing = req.appId ? await getOwned(user, req.appId) : null;
      const gen = req.appType === 'generated' ? req.genApp! : null;
      // The gate is on the result: a generated app may not come out of this save carrying settings
      // written while it was a tool or space app, unless the builder may edit them anyway.
      if (gen && existing && existing.kind !== 'generated' && Object.keys(existing.settings).length > 0)
        await requireGeneratedSettings(user);
      const name = gen ? gen.name : req.app!.name;
      const entities = gen ? parseEntities(gen.entities) : {};
      const definition: Record<string, unknown> = gen
        ? {
            pages: gen.pages,
            components: gen.components,
            services: gen.services,
            layout: gen.layout,
            globalsCss: gen.globalsCss,
            mainPage: gen.mainPage,
            // A generated app's tools (App tools) are edited on their own: a whole-app save keeps them.
            ...storedToolKeys(existing?.definition),
          }
        : toolRules
          ? await toolRules.prepareDefinition(user, existing, req.app!)
          : { ...req.app! };
      const requestedSlug = gen?.slug;
      // An app may take back a slug it had before; one another app has, or once had, is refused.
      if (requestedSlug && requestedSlug !== existing?.slug) {
        const isTaken = (await appsRepo.slugsLike(requestedSlug, existing?.id)).includes(requestedSlug);
        if (isTaken) throw slugTaken(requestedSlug);
      }
      const slug = requestedSlug ?? existing?.slug ?? (await freeSlug(slugify(name)));
      const values = {
        id: existing?.id ?? randomUUID(),
        ownerUserId: user.id,
        kind: req.appType,
        slug,
        name,
        definition,
        appBuilderVersion: APP_BUILDER_VERSION,
      };
      let row: AppRow;
      try {
        row = await appsRepo.save(values, entities, { replace: Boolean(existing) });
      } catch (err) {
        if (!isUniqueViolation(err) && !(err instanceof SlugTakenError)) throw err;
        if (requestedSlug) throw slugTaken(requestedSlug);
        // Another app took the same slug a moment ago: add a random suffix.
        row = await appsRepo.save({ ...values, slug: `${slug}-${randomBytes(3).toString('hex')}` }, entities, {
          replace: Boolean(existing),
        });
      }
      // The old host's cached app is forgotten at once here (the repo told other processes).
      if (existing && existing.slug !== row.slug) onSettingsSaved?.({ id: existing.id, slug: existing.slug });
      // A whole definition is a version like any chat turn: the preview, diff and restore see it.
      if (gen) {
        await versionsRepo.createVersion({
          appId: row.id,
          snapshot: snapshotOfGenApp(gen, entities),
          appName: row.name,
          description: existing ? 'Replaced from an app definition' : 'Created from an app definition',
        });
      }
      return { appId: row.id, slug: row.slug, name: row.name, appType: row.kind as SaveAppResponse['appType'] };
    },

    /** `POST /api/apps/{appId}/slug` (App details): the app moves to a new address; the old one stays its own. */
    async changeSlug(user: SessionUser, appId: string, slug: string): Promise<AppSummary> {
      const row = await getOwned(user, appId);
      if (slug === row.slug) return summary(row);
      if ((await appsRepo.slugsLike(slug, row.id)).includes(slug)) throw slugTaken(slug);
      let moved: AppRow;
      try {
        moved = await appsRepo.changeSlug(row.id, slug);
      } catch (err) {
        if (err instanceof SlugTakenError || isUniqueViolation(err)) throw slugTaken(slug);
        throw err;
      }
      onSettingsSaved?.({ id: row.id, slug: row.slug });
      return summary(moved);
    },

    /** The builder's apps, newest first, each with what went wrong in its last chat turn (null: nothing). */
    async list(user: SessionUser): Promise<AppListItem[]> {
      const rows = await appsRepo.listByOwner(user.id);
      const answers = new Map((await appsRepo.lastAnswersOf(rows.map((r) => r.id))).map((a) => [a.appId, a]));
      return rows.map((row) => ({ ...summary(row), lastTurnError: lastTurnErrorOf(answers.get(row.id)) }));
    },

    async get(user: SessionUser, appId: string): Promise<AppDetails> {
      const row = await getOwned(user, appId);
      const entities = Object.fromEntries((await appsRepo.listEntities(row.id)).map((e) => [e.name, e.schema]));
      return {
        ...summary(row),
        publishedVersionId: row.publishedVersionId,
        appUrl: appUrlOf(row.slug),
        definition: row.definition,
        style: row.style,
        settings: settingsSecrets.toShown(row.settings),
        customDomains: customDomainsOf(row.slug),
        entities,
      };
    },

    /** Creates or replaces one entity's schema; records keep their values (nothing stored is lost). */
    async saveEntity(
      user: SessionUser,
      appId: string,
      name: string,
      raw: unknown,
    ): Promise<{ name: string; schema: EntitySchema }> {
      const row = await getOwned(user, appId);
      const parsed = parseEntitySchema(name, raw);
      if (!parsed.ok) throw new AppError('VALIDATION_FAILED', parsed.error);
      await appsRepo.saveEntity(row.id, name, parsed.value);
      return { name, schema: parsed.value };
    },

    async renameField(
      user: SessionUser,
      appId: string,
      entity: string,
      from: string,
      to: string,
    ): Promise<{ name: string; schema: EntitySchema }> {
      const row = await getOwned(user, appId);
      const schema = schemaWithRenamedField(entity, await appsRepo.findEntity(row.id, entity), from, to);
      await appsRepo.renameField(row.id, entity, schema, from, to);
      return { name: entity, schema };
    },

    /**
     * Replaces the app's settings (docs/product/editor-and-chat.md#data). Generated apps need an admin or the MOON plan.
     * Sign-up, while on, needs its three contacts; turning it on also needs the app published or
     * on a custom domain, a rule that no longer applies once it is on (so other fields stay
     * editable). The template keys stay as stored (the template call's own). A refused save stores
     * nothing. App hosts see the new settings at once: this process forgets its cached copy and a
     * NOTIFY tells the others.
     */
    async saveSettings(user: SessionUser, appId: string, incoming: AppSettings): Promise<{ status: true }> {
      const row = await getOwned(user, appId);
      const settings = withStoredTemplateSettings(incoming, row.settings);
      if (row.kind === 'generated') await requireGeneratedSettings(user);
      if (settings.isSignupEnabled === true) {
        const isTurningOn = row.settings.isSignupEnabled !== true;
        if (isTurningOn && !row.publishedVersionId && !hasActiveTool(row) && customDomainsOf(row.slug).length === 0) {
          throw new AppError('CONFLICT', APP_MESSAGES.signupNeedsPublish, { field: 'isSignupEnabled' });
        }
        const missing = signupRequirementsMissing(settings);
        if (missing.length)
          throw new AppError('VALIDATION_FAILED', signupNeedsFieldsMessage(missing), { fields: missing });
      }
      await toolRules?.checkSettings(user, row, settings);
      await appsRepo.updateSettings(row.id, row.slug, settingsSecrets.toStored(row.id, settings, row.settings));
      onSettingsSaved?.({ id: row.id, slug: row.slug });
      return { status: true };
    },
  };
}

export type AppsService = ReturnType<typeof createAppsService>;
