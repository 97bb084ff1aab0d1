import { Hono, type MiddlewareHandler } from 'hono';
import {
  ActivateToolRequestSchema,
  ClaimAppRequestSchema,
  CreateToolRequestSchema,
  MagicCreateRequestSchema,
  ToolAppPartsSchema,
  UpdateToolRequestSchema,
} from '@tessera/contracts/tools';
import { readJson } from '../../platform/http/validate';
import type { AuthVariables } from '../auth/session';
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

  app.get('/api/apps/:appId/tools', async (c) => c.json(await tools.list(c.var.user, c.req.param('appId'))));
  app.post('/api/apps/:appId/tools', async (c) =>
    c.json(await tools.create(c.var.user, c.req.param('appId'), await readJson(c, CreateToolRequestSchema))),
  );
  app.put('/api/apps/:appId/tools', async (c) =>
    c.json(await tools.saveParts(c.var.user, c.req.param('appId'), await readJson(c, ToolAppPartsSchema))),
  );
  app.get('/api/apps/:appId/tools/:toolId', async (c) =>
    c.json(await tools.get(c.var.user, c.req.param('appId'), c.req.param('toolId'))),
  );
  app.patch('/api/apps/:appId/tools/:toolId', async (c) =>
    c.json(
      await tools.update(
        c.var.user,
        c.req.param('appId'),
        c.req.param('toolId'),
        await readJson(c, UpdateToolRequestSchema),
      ),
    ),
  );
  app.delete('/api/apps/:appId/tools/:toolId', async (c) =>
    c.json(await tools.remove(c.var.user, c.req.param('appId'), c.req.param('toolId'))),
  );
  app.post('/api/apps/:appId/tools/:toolId/activate', async (c) => {
    const { isActive } = await readJson(c, ActivateToolRequestSchema);
    return c.json(await tools.activate(c.var.user, c.req.param('appId'), c.req.param('toolId'), isActive));
  });
  app.get('/api/apps/:appId/settings/claimInvitation', async (c) =>
    c.json(await tools.claimInvitation(c.var.user, c.req.param('appId'))),
  );
  app.get('/api/apps/:appId/claim', async (c) =>
    c.json(await claims.preview(c.var.user, c.req.param('appId'), c.req.query('code') ?? '')),
  );
  app.post('/api/apps/:appId/claim', async (c) => {
    const { code } = await readJson(c, ClaimAppRequestSchema);
    return c.json(await claims.claim(c.var.user, c.req.param('appId'), code));
  });
  app.post('/api/builder/magicCreate', async (c) =>
    c.json(await magic.create(c.var.user, await readJson(c, MagicCreateRequestSchema))),
  );
  return app;
}
