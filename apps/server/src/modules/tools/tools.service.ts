import { randomUUID } from 'node:crypto';
import { type Account } from '@tessera/contracts/accounts';
import { type ToolApp } from '@tessera/contracts/apps';
import { type SessionUser } from '@tessera/contracts/auth';
import { type PlanCatalogueLimits } from '@tessera/contracts/plans';
import {
  MAX_TOOLS_PER_APP,
  TOOL_MESSAGES,
  checkToolApp,
  fieldsOfTool,
  retitledTool,
  toolPathFromTitle,
  toolSettingsRefusal,
  type ClaimInvitationResponse,
  type CreateToolRequest,
  type Tool,
  type ToolAppParts,
  type ToolDetailResponse,
  type ToolListResponse,
  type ToolRuleContext,
  type UpdateToolRequest,
} from '@tessera/contracts/tools';
import { AppError } from '../../platform/errors';
import type { AppRow } from '../apps/apps.repo';
import { claimCodeOf } from './claim-code';
import { ruleError, storedToolKeys, toolPartsOf, withToolParts, type StoredToolParts } from './tool-definition';
import type { ToolsRepo } from './tools.repo';

export interface ToolsServiceDeps {
  toolsRepo: ToolsRepo;
  /** The app when the builder owns it (404 otherwise). */
  getOwned: (user: SessionUser, appId: string) => Promise<AppRow>;
  accountOf: (user: SessionUser) => Promise<Pick<Account, 'plan' | 'isAdmin'>>;
  /** Where a tool is served: `/tool/{path}` on its app's own origin. */
  toolUrlOf: (slug: string, path: string) => string;
  /** The builder's address, where an invitation is claimed. */
  publicUrl: string;
  /** Signs claim codes (the server's secret). */
  secret: string;
  /** A plan's limits from the operator's plan catalogue (the live tools per app among them). */
  limitsOf: (plan: string) => Pick<PlanCatalogueLimits, 'liveToolsPerApp'>;
}

/**
 * Single AI tools (docs/product/tools.md): the rules on saving a tool app, the tools collection,
 * the tool settings' gates and the claim invitation (the run engine finds a tool by path with the
 * contracts' `findActiveToolByPath`).
 * Every builder call checks that the caller owns the app first.
 */
export function createToolsService({
  toolsRepo,
  getOwned,
  accountOf,
  toolUrlOf,
  publicUrl,
  secret,
  limitsOf,
}: ToolsServiceDeps) {
  async function ruleContext(user: SessionUser, settings: Record<string, unknown>): Promise<ToolRuleContext> {
    const account = await accountOf(user);
    return {
      plan: account.plan,
      isAdmin: account.isAdmin,
      isSignupEnabled: settings.isSignupEnabled === true,
      liveToolLimit: limitsOf(account.plan).liveToolsPerApp,
    };
  }

  /** New data-item references must be items of this app (a tool never answers from another app's data). */
  async function checkDataItems(
    appId: string | null,
    next: ToolAppParts,
    prev: StoredToolParts,
    itemsOf: (appId: string, ids: readonly string[]) => Promise<Map<string, string>>,
  ): Promise<void> {
    const known = new Set(prev.tools.flatMap((t) => t.dataItems.map((d) => d.contextItemId)));
    const added = [
      ...new Set(
        (next.tools ?? []).flatMap((t) => t.dataItems.map((d) => d.contextItemId)).filter((i) => !known.has(i)),
      ),
    ];
    if (added.length === 0) return;
    const found = appId ? await itemsOf(appId, added) : new Map();
    const missing = added.find((i) => !found.has(i));
    if (missing)
      throw new AppError('VALIDATION_FAILED', 'A tool can only use the data sources of its own app', {
        field: 'dataItems',
        contextItemId: missing,
      });
  }

  /** The next tool parts checked against the rules, given the stored ones. */
  async function checked(
    appId: string | null,
    next: ToolAppParts,
    prev: StoredToolParts,
    ctx: ToolRuleContext,
    itemsOf = toolsRepo.contextItemsOf,
  ): Promise<ToolAppParts> {
    const result = checkToolApp(next, prev, ctx);
    if (!result.ok) throw ruleError(result.error);
    await checkDataItems(appId, result.value, prev, itemsOf);
    return result.value;
  }

  const requireTool = (parts: StoredToolParts, toolId: string): Tool => {
    const tool = parts.tools.find((t) => t.toolId === toolId);
    if (!tool) throw new AppError('NOT_FOUND', TOOL_MESSAGES.toolNotFound);
    return tool;
  };

  const detail = (row: AppRow, parts: StoredToolParts, tool: Tool): ToolDetailResponse => ({
    tool,
    fields: fieldsOfTool(parts, tool.toolId),
    inputSteps: parts.inputSteps,
    publicUrl: toolUrlOf(row.slug, tool.path),
  });

  /**
   * Changes the stored tool parts of an owned app under its row lock: `change` gets the stored
   * parts and returns the next ones, which pass the rules before anything is written.
   */
  async function edit<T>(
    user: SessionUser,
    appId: string,
    change: (parts: StoredToolParts, row: AppRow) => { next: ToolAppParts; result: (parts: StoredToolParts) => T },
  ): Promise<T> {
    const row = await getOwned(user, appId);
    const ctx = await ruleContext(user, row.settings);
    return toolsRepo.updateDefinition(row.id, async (definition, itemsOf) => {
      const prev = toolPartsOf(definition);
      const { next, result } = change(prev, row);
      const value = await checked(row.id, next, prev, ctx, (_appId, ids) => itemsOf(ids));
      return {
        definition: withToolParts(definition, value),
        result: result(toolPartsOf(value as Record<string, unknown>)),
      };
    });
  }

  return {
    /**
     * The definition a `POST /api/apps` of a tool or space app stores: tool keys it leaves out are
     * kept from the stored definition, and the result passes the rules against what was stored.
     */
    async prepareDefinition(
      user: SessionUser,
      existing: AppRow | null,
      app: ToolApp,
    ): Promise<Record<string, unknown>> {
      const definition: Record<string, unknown> = { ...storedToolKeys(existing?.definition), ...app };
      const prev = toolPartsOf(existing?.definition);
      const ctx = await ruleContext(user, existing?.settings ?? {});
      const value = await checked(existing?.id ?? null, definition as ToolAppParts, prev, ctx);
      return withToolParts(definition, value);
    },

    /**
     * `PUT /api/apps/{appId}/tools`: the tool builder's save of an app that is not a single tool (a
     * generated app's App tools). Only the tool keys it sends change; the app's pages, name and kind
     * stay as they are, and the result passes the same rules as a tool app's save.
     */
    async saveParts(user: SessionUser, appId: string, parts: ToolAppParts): Promise<{ status: true }> {
      return edit(user, appId, (prev) => ({
        next: { ...prev, ...parts },
        result: () => ({ status: true as const }),
      }));
    },

    /** The tool settings of a settings save: ranges, admin-only settings, and the lite plan's lock. */
    async checkSettings(user: SessionUser, row: AppRow, settings: Record<string, unknown>): Promise<void> {
      const refusal = toolSettingsRefusal(settings, row.settings, await accountOf(user));
      if (refusal) throw ruleError(refusal);
    },

    async list(user: SessionUser, appId: string): Promise<ToolListResponse> {
      const row = await getOwned(user, appId);
      const parts = toolPartsOf(row.definition);
      const { plan, isAdmin } = await accountOf(user);
      return {
        tools: parts.tools.map((tool) => ({
          toolId: tool.toolId,
          title: tool.title,
          path: tool.path,
          status: tool.status,
          imageUrl: tool.imageUrl ?? null,
          fieldCount: fieldsOfTool(parts, tool.toolId).length,
          dataItemCount: tool.dataItems.length,
          publicUrl: toolUrlOf(row.slug, tool.path),
        })),
        liveToolLimit: isAdmin ? MAX_TOOLS_PER_APP : limitsOf(plan).liveToolsPerApp,
      };
    },

    async get(user: SessionUser, appId: string, toolId: string): Promise<ToolDetailResponse> {
      const row = await getOwned(user, appId);
      const parts = toolPartsOf(row.definition);
      return detail(row, parts, requireTool(parts, toolId));
    },

    /**
     * A new draft tool; its path is the given one, or one made from the title that follows the
     * title until the builder sets it or the tool goes live (docs/product/tools.md#app-tools).
     */
    async create(user: SessionUser, appId: string, req: CreateToolRequest): Promise<ToolDetailResponse> {
      const toolId = randomUUID();
      return edit(user, appId, (prev, row) => {
        if (prev.tools.length >= MAX_TOOLS_PER_APP)
          throw new AppError('VALIDATION_FAILED', TOOL_MESSAGES.maxTools, { field: 'tools' });
        const title = req.title ?? '';
        const tool: Tool = {
          toolId,
          title,
          path:
            req.path ??
            toolPathFromTitle(
              title,
              prev.tools.map((t) => t.path),
            ),
          ...(req.path === undefined ? { autoPath: true } : {}),
          status: 'draft',
          imageUrl: req.imageUrl ?? null,
          dataItems: [],
          instructions: '',
        };
        return {
          next: { ...prev, tools: [...prev.tools, tool] },
          result: (parts) => detail(row, parts, requireTool(parts, toolId)),
        };
      });
    },

    async update(
      user: SessionUser,
      appId: string,
      toolId: string,
      req: UpdateToolRequest,
    ): Promise<ToolDetailResponse> {
      return edit(user, appId, (prev, row) => {
        const tool = requireTool(prev, toolId);
        // A new title moves a made path along; a path set here is the builder's for good.
        let changed: Tool = req.title === undefined ? { ...tool } : retitledTool(tool, req.title, prev.tools);
        for (const key of ['path', 'imageUrl', 'instructions', 'dataItems', 'texts'] as const)
          if (req[key] !== undefined) Object.assign(changed, { [key]: req[key] });
        if (req.path !== undefined) changed = { ...changed, autoPath: false };
        return {
          next: { ...prev, tools: prev.tools.map((t) => (t.toolId === toolId ? changed : t)) },
          result: (parts) => detail(row, parts, requireTool(parts, toolId)),
        };
      });
    },

    /** Deletes a tool and its fields (the app's other tools keep theirs). */
    async remove(user: SessionUser, appId: string, toolId: string): Promise<{ status: true }> {
      return edit(user, appId, (prev) => {
        requireTool(prev, toolId);
        const own = new Set(fieldsOfTool(prev, toolId));
        return {
          next: {
            ...prev,
            tools: prev.tools.filter((t) => t.toolId !== toolId),
            fields: prev.fields.filter((f) => !own.has(f)),
          },
          result: () => ({ status: true as const }),
        };
      });
    },

    /** The draft/active toggle: activating needs a title and room under the plan's live-tool limit. */
    async activate(user: SessionUser, appId: string, toolId: string, isActive: boolean): Promise<ToolDetailResponse> {
      return edit(user, appId, (prev, row) => {
        requireTool(prev, toolId);
        const status = isActive ? 'active' : 'draft';
        return {
          next: { ...prev, tools: prev.tools.map((t) => (t.toolId === toolId ? { ...t, status } : t)) },
          result: (parts) => detail(row, parts, requireTool(parts, toolId)),
        };
      });
    },

    /**
     * The invitation a builder sends the customer who will own the tool: a code signed with the
     * server's secret (stable while the app has the same owner, nothing stored) and the builder's address to claim it at.
     * Needs a published app (a version, or a live tool) and claim by customer on.
     */
    async claimInvitation(user: SessionUser, appId: string): Promise<ClaimInvitationResponse> {
      const row = await getOwned(user, appId);
      // A generated app is published with a version; a tool app once one of its tools is live.
      const isPublished =
        row.publishedVersionId || toolPartsOf(row.definition).tools.some((t) => t.status === 'active');
      if (!isPublished) throw new AppError('CONFLICT', TOOL_MESSAGES.inviteNeedsPublish);
      if (row.settings.isClaimable !== true) throw new AppError('CONFLICT', TOOL_MESSAGES.inviteNotClaimable);
      const claimCode = claimCodeOf(secret, row.id, row.ownerUserId);
      const inviteLink = new URL(`/claim/${encodeURIComponent(row.id)}?code=${claimCode}`, publicUrl).toString();
      return { inviteLink, claimCode };
    },
  };
}

export type ToolsService = ReturnType<typeof createToolsService>;
