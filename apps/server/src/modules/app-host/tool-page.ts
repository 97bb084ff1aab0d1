/**
 * The public page of a tool (docs/product/tools.md#screens-and-routes): the app's active tool at a
 * path, turned into the page's boot data by `toolPageBootOf` (contracts), which keeps only what a
 * visitor needs.
 */
import { type PlanId } from '@tessera/contracts/plans';
import { toolPageBootOf, type ToolPageBoot } from '@tessera/contracts/tool-page';
import { ToolAppPartsSchema, findActiveToolByPath } from '@tessera/contracts/tools';

export interface ToolPageSource {
  app: { id: string; name: string; settings: Record<string, unknown> };
  /** The app's kind: a single tool's host root leads to its first active tool. */
  kind: string;
  /** The app's saved definition (the `app` payload of POST /api/apps). */
  definition: Record<string, unknown>;
  style: Record<string, unknown>;
  ownerPlan: PlanId;
  /** The builder's address, where the watermark leads. */
  builderUrl: string;
  /** The app's paid memberships are on. */
  hasPaidMemberships?: boolean;
}

/**
 * The page of the app's active tool at `path`, or null (no such tool, a draft, an unreadable
 * definition). With no path, a single tool's first active tool (a generated app's own tools are
 * never its home).
 */
export function toolPageBoot(source: ToolPageSource, path: string | null): ToolPageBoot | null {
  const parts = ToolAppPartsSchema.safeParse(source.definition);
  if (!parts.success) return null;
  const tool =
    path === null
      ? source.kind === 'tool'
        ? (parts.data.tools?.find((t) => t.status === 'active') ?? null)
        : null
      : findActiveToolByPath(parts.data, path);
  if (!tool) return null;
  return toolPageBootOf({
    app: source.app,
    parts: parts.data,
    tool,
    style: source.style,
    ownerPlan: source.ownerPlan,
    builderUrl: source.builderUrl,
    hasPaidMemberships: source.hasPaidMemberships,
  });
}
