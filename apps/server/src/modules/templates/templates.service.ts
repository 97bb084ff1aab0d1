import { randomBytes, randomUUID } from 'node:crypto';
import { type Account } from '@tessera/contracts/accounts';
import { type SessionUser } from '@tessera/contracts/auth';
import { type PlanId } from '@tessera/contracts/plans';
import {
  TEMPLATE_MESSAGES,
  type AppTemplate,
  type SaveAppTemplateRequest,
  type TemplateListResponse,
  type TemplateSummary,
  type UseTemplateResponse,
} from '@tessera/contracts/templates';
import { APP_BUILDER_VERSION } from '@tessera/contracts/apps';
import { TOOL_MESSAGES, checkTemplateCategory } from '@tessera/contracts/tools';
import { AppError } from '../../platform/errors';
import type { VersionsRepo } from '../versions/versions.repo';
import type { AppsRepo, AppRow } from '../apps/apps.repo';
import { isUniqueViolation } from '../apps/apps.repo';
import { copiedDefinition } from '../apps/app-copy';
import { appIdOfRequest, withManifestName } from '../apps/app-lifecycle.service';
import { itemLimitError } from '../context';
import type { TemplateCopy, TemplateRow, TemplatesRepo } from './templates.repo';
import { copiedSettings, firstToolId, hasActiveTool } from './template-copy';
import { buildStarterApp, starterToolDefinition } from './starter-build';
import { STARTERS, STARTER_ID_PREFIX, findStarter, type Starter } from './starters';

export interface TemplatesServiceDeps {
  templatesRepo: TemplatesRepo;
  appsRepo: Pick<AppsRepo, 'findById' | 'updateSettings' | 'dataItemIds'>;
  versionsRepo: Pick<VersionsRepo, 'findPublishedVersion'>;
  accountOf: (user: SessionUser) => Promise<Pick<Account, 'plan' | 'isAdmin'>>;
  limitsOf: (plan: PlanId) => { maxDataItems: number };
  getOwned: (user: SessionUser, appId: string) => Promise<AppRow>;
  freeSlug: (base: string) => Promise<string>;
  slugify: (name: string) => string;
  /** This process's app hosts forget the app's cached settings. */
  onSettingsSaved?: (app: { id: string; slug: string }) => void;
  /** Adds a pasted-text data item to the builder's app (the data sources' own call, plan limits and all). */
  ingestText: (
    user: SessionUser,
    appId: string,
    text: { context: string; name: string },
  ) => Promise<{ contextItemId: string }>;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const isTemplate = (settings: Record<string, unknown>) =>
  settings.isAppTemplate === true || settings.isToolTemplate === true;

const starterSummary = (s: Starter): TemplateSummary => ({
  templateId: s.id,
  name: s.name,
  appType: s.appType,
  category: s.category,
  description: s.description,
  imageUrl: null,
  isPro: false,
});

/** What the gallery shows of a template: its name, category, description, image and Pro badge. */
function summaryOf({ app }: TemplateRow): TemplateSummary {
  return {
    templateId: app.id,
    name: app.name,
    appType: app.kind as TemplateSummary['appType'],
    category: text(app.settings.templateCategory),
    description: text(app.settings.templateDescription),
    imageUrl: text(app.settings.templateImageUrl) || null,
    isPro: app.settings.isProTool === true,
  };
}

function templateOf(settings: Record<string, unknown>): AppTemplate {
  return {
    isTemplate: isTemplate(settings),
    category: text(settings.templateCategory) || null,
    description: text(settings.templateDescription),
    imageUrl: text(settings.templateImageUrl) || null,
    isPro: settings.isProTool === true,
  };
}

/**
 * The template library (docs/product/templates.md): admins offer their published apps as templates
 * in a managed list of categories; any builder copies one into an app of their own.
 */
export function createTemplatesService(deps: TemplatesServiceDeps) {
  const { templatesRepo, appsRepo, versionsRepo, accountOf, limitsOf, getOwned, freeSlug, slugify } = deps;

  async function requireAdmin(user: SessionUser): Promise<void> {
    if (!(await accountOf(user)).isAdmin) throw new AppError('FORBIDDEN', TEMPLATE_MESSAGES.adminsOnly);
  }

  async function getTemplate(templateId: string): Promise<TemplateRow> {
    const template = await templatesRepo.findTemplate(templateId);
    if (!template) throw new AppError('NOT_FOUND', TEMPLATE_MESSAGES.notFound);
    return template;
  }

  /** The copy the same builder's same key made before, if any. */
  async function earlierCopy(id: string, user: SessionUser): Promise<UseTemplateResponse | null> {
    const row = await appsRepo.findById(id);
    return row?.ownerUserId === user.id ? responseOf(row) : null;
  }

  /** The copy; a single tool's first tool is the one its builder opens on. */
  const responseOf = (row: AppRow): UseTemplateResponse => ({
    appId: row.id,
    slug: row.slug,
    name: row.name,
    appType: row.kind as UseTemplateResponse['appType'],
    toolId: row.kind === 'tool' ? firstToolId(row.definition) : null,
  });

  /** Stores a copy under a free slug; the same key's copy stored first wins a race. */
  async function store(copy: Omit<TemplateCopy, 'slug'>, user: SessionUser): Promise<UseTemplateResponse> {
    const slug = await freeSlug(slugify(copy.name));
    try {
      return responseOf(await templatesRepo.insertCopy({ ...copy, slug }));
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // The same key's first request stored the copy while this one was on its way.
      const same = await earlierCopy(copy.id, user);
      if (same) return same;
      // Another app took the slug a moment ago.
      const suffixed = `${slug}-${randomBytes(3).toString('hex')}`;
      return responseOf(await templatesRepo.insertCopy({ ...copy, slug: suffixed }));
    }
  }

  /**
   * A starter's copy (docs/product/templates.md#starter-templates): an app as the built-in builder
   * makes it from the starter's description (version 1), or a tool (a draft) whose document is
   * added as the copy's data item through the data sources' own call.
   */
  async function useStarter(user: SessionUser, templateId: string, id: string): Promise<UseTemplateResponse> {
    const starter = findStarter(templateId);
    if (!starter || !(await templatesRepo.showStarters())) throw new AppError('NOT_FOUND', TEMPLATE_MESSAGES.notFound);
    const base = {
      id,
      ownerUserId: user.id,
      kind: starter.appType,
      appBuilderVersion: APP_BUILDER_VERSION,
      name: starter.name,
      style: {},
      texts: {},
      settings: {},
      itemIds: new Map<string, string>(),
    };
    if (starter.appType === 'generated') return store({ ...base, definition: {}, ...buildStarterApp(starter) }, user);
    const definition = starterToolDefinition(starter);
    const copy = await store({ ...base, definition, snapshot: null }, user);
    const { contextItemId } = await deps.ingestText(user, copy.appId, {
      context: starter.data.text,
      name: starter.data.name,
    });
    const [tool] = definition.tools as Array<Record<string, unknown>>;
    await templatesRepo.updateDefinition(copy.appId, {
      ...definition,
      tools: [{ ...tool, dataItems: [{ contextItemId }] }],
    });
    return copy;
  }

  return {
    /** The admins' templates, then the starter templates (unless an admin hid them). */
    async list(): Promise<TemplateListResponse> {
      const [rows, categories, showStarters] = await Promise.all([
        templatesRepo.listTemplates(),
        templatesRepo.listCategories(),
        templatesRepo.showStarters(),
      ]);
      if (!showStarters) return { templates: rows.map(summaryOf), categories };
      const known = new Set(categories.map((c) => c.toLowerCase()));
      const starterCategories = [...new Set(STARTERS.map((s) => s.category))].filter(
        (c) => !known.has(c.toLowerCase()),
      );
      return {
        templates: [...rows.map(summaryOf), ...STARTERS.map(starterSummary)],
        categories: [...categories, ...starterCategories],
      };
    },

    /**
     * A new app of the builder's own from the template's published version: files, entity schemas,
     * look, settings without the template's flags and secrets, tools (as drafts) and copies of its
     * data items. The same request key gives back the first copy, even when sent twice at once.
     */
    async use(user: SessionUser, templateId: string, requestKey: string): Promise<UseTemplateResponse> {
      const id = appIdOfRequest(user.id, `template:${templateId}:${requestKey}`);
      // A repeated key gives back its copy, even once the template is no longer offered.
      const earlier = await earlierCopy(id, user);
      if (earlier) return earlier;
      if (templateId.startsWith(STARTER_ID_PREFIX)) return useStarter(user, templateId, id);
      const [template, account] = await Promise.all([getTemplate(templateId), accountOf(user)]);
      const { app } = template;
      if (app.settings.isProTool === true && account.plan === 'lite' && !account.isAdmin)
        throw new AppError('PLAN_LIMIT_REACHED', TEMPLATE_MESSAGES.proOnly, { upgradeReason: 'default' });
      const itemIds = await appsRepo.dataItemIds(app.id);
      const limits = limitsOf(account.plan);
      if (itemIds.length > limits.maxDataItems) throw itemLimitError(account.plan, limits);
      const published = await versionsRepo.findPublishedVersion(app.id);
      const idMap = new Map(itemIds.map((itemId) => [itemId, randomUUID()]));
      const copy = {
        id,
        ownerUserId: user.id,
        kind: app.kind,
        appBuilderVersion: app.appBuilderVersion,
        name: app.name,
        definition: copiedDefinition(app.definition, idMap),
        style: template.publishedStyle ?? app.style,
        texts: template.publishedTexts ?? template.texts ?? {},
        settings: copiedSettings(app.settings),
        snapshot: published ? withManifestName(published.snapshot, app.name) : null,
        itemIds: idMap,
      };
      return store(copy, user);
    },

    async listCategories(user: SessionUser): Promise<{ categories: string[] }> {
      await requireAdmin(user);
      return { categories: await templatesRepo.listCategories() };
    },

    async addCategory(user: SessionUser, name: string): Promise<{ categories: string[] }> {
      await requireAdmin(user);
      const refusal = checkTemplateCategory(name, await templatesRepo.listCategories());
      if (refusal === TOOL_MESSAGES.categoryExists) throw new AppError('CONFLICT', refusal);
      if (refusal) throw new AppError('VALIDATION_FAILED', refusal, { field: 'name' });
      try {
        await templatesRepo.insertCategory(name.trim());
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('CONFLICT', TOOL_MESSAGES.categoryExists);
        throw err;
      }
      return { categories: await templatesRepo.listCategories() };
    },

    async getAppTemplate(user: SessionUser, appId: string): Promise<AppTemplate> {
      const [row] = await Promise.all([getOwned(user, appId), requireAdmin(user)]);
      return templateOf(row.settings);
    },

    /**
     * Offers the admin's own app as a template, or stops offering it. Offering needs the app
     * published (a single tool: one of its tools live, as the library lists it) and one of the
     * managed categories.
     */
    async saveAppTemplate(user: SessionUser, appId: string, req: SaveAppTemplateRequest): Promise<AppTemplate> {
      const [row] = await Promise.all([getOwned(user, appId), requireAdmin(user)]);
      const category = req.category?.trim() || null;
      if (req.isTemplate) {
        const isTool = row.kind === 'tool';
        const isLive = row.publishedVersionId !== null || (isTool && hasActiveTool(row.definition));
        if (!isLive)
          throw new AppError('CONFLICT', isTool ? TEMPLATE_MESSAGES.needsLiveTool : TEMPLATE_MESSAGES.needsPublish);
        if (!category)
          throw new AppError('VALIDATION_FAILED', TEMPLATE_MESSAGES.categoryRequired, { field: 'category' });
      }
      if (category) {
        const known = (await templatesRepo.listCategories()).find((c) => c.toLowerCase() === category.toLowerCase());
        if (!known) throw new AppError('VALIDATION_FAILED', TEMPLATE_MESSAGES.unknownCategory, { field: 'category' });
      }
      const flag = row.kind === 'tool' ? 'isToolTemplate' : 'isAppTemplate';
      const settings = {
        ...row.settings,
        [flag]: req.isTemplate,
        templateCategory: category,
        templateDescription: req.description?.trim() || null,
        templateImageUrl: req.imageUrl?.trim() || null,
        isProTool: req.isPro === true,
      };
      await appsRepo.updateSettings(row.id, row.slug, settings);
      deps.onSettingsSaved?.({ id: row.id, slug: row.slug });
      return templateOf(settings);
    },
  };
}

export type TemplatesService = ReturnType<typeof createTemplatesService>;
