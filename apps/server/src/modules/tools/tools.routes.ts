import { Hono, type MiddlewareHandler } from 'hono';
import { TOOL_ROUTES } from '@tessera/contracts/tools';
import { routesOn } from '../../platform/http/route';
import type { AuthVariables } from '../auth';
import type { ClaimService } from './claim.service';
import type { MagicCreateService } from './magic-create.service';
import type { ToolsService } from './tools.service';

/** The tools collection, magic create, the claim invitation and claiming (docs/product/tools.md#calls). */
export function toolsRoutes({
  tools,
  magic,
  claims,
  signedIn,
}: {
  tools: ToolsService;
  magic: MagicCreateService;
  claims: ClaimService;
  signedIn: MiddlewareHandler<{ Variables: AuthVariables }>;
}) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.use('/api/apps/:appId/tools', signedIn);
  app.use('/api/apps/:appId/tools/*', signedIn);
  app.use('/api/apps/:appId/settings/claimInvitation', signedIn);
  app.use('/api/builder/magicCreate', signedIn);
  app.use('/api/apps/:appId/claim', signedIn);

  const on = routesOn(app);
  on(TOOL_ROUTES.listTools, async ({ c, params }) => tools.list(c.var.user, params.appId));
  on(TOOL_ROUTES.createTool, async ({ c, params, body }) => tools.create(c.var.user, params.appId, await body()));
  on(TOOL_ROUTES.saveToolParts, async ({ c, params, body }) => tools.saveParts(c.var.user, params.appId, await body()));
  on(TOOL_ROUTES.getTool, async ({ c, params }) => tools.get(c.var.user, params.appId, params.toolId));
  on(TOOL_ROUTES.updateTool, async ({ c, params, body }) =>
    tools.update(c.var.user, params.appId, params.toolId, await body()),
  );
  on(TOOL_ROUTES.deleteTool, async ({ c, params }) => tools.remove(c.var.user, params.appId, params.toolId));
  on(TOOL_ROUTES.activateTool, async ({ c, params, body }) => {
    const { isActive } = await body();
    return tools.activate(c.var.user, params.appId, params.toolId, isActive);
  });
  on(TOOL_ROUTES.claimInvitation, async ({ c, params }) => tools.claimInvitation(c.var.user, params.appId));
  on(TOOL_ROUTES.claimPreview, async ({ c, params }) =>
    claims.preview(c.var.user, params.appId, c.req.query('code') ?? ''),
  );
  on(TOOL_ROUTES.claimApp, async ({ c, params, body }) => {
    const { code } = await body();
    return claims.claim(c.var.user, params.appId, code);
  });
  on(TOOL_ROUTES.magicCreate, async ({ c, body }) => magic.create(c.var.user, await body()));
  return app;
}
