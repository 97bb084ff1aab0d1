import { Hono, type MiddlewareHandler } from 'hono';
import { streamSSE } from 'hono/streaming';
import {
  ChatRequestSchema,
  RestoreVersionRequestSchema,
  ValidateRepairRequestSchema,
  type SessionUser,
} from '@tessera/contracts';
import { readJson } from '../../platform/http/validate';
import type { AuthVariables } from '../auth/session';
import type { ChatService } from './chat.service';

/** Keep-alive comments keep proxies from closing an idle live stream. */
const KEEP_ALIVE_MS = 15_000;

interface ChatRoutesDeps {
  chat: ChatService;
  signedIn: MiddlewareHandler<{ Variables: AuthVariables }>;
  authenticate: (authorization: string | undefined) => Promise<SessionUser>;
}

export function chatRoutes({ chat, signedIn, authenticate }: ChatRoutesDeps) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.get('/api/chat/models', signedIn, async (c) => c.json({ models: await chat.listModels(c.var.user) }));
  // On the time to first token: the session is checked while the turn's app is read (a 401 still
  // comes before a 400 for the body).
  app.post('/api/apps/:appId/chat', async (c) => {
    const user = authenticate(c.req.header('authorization'));
    user.catch(() => {}); // handled below; it may reject while the body is still arriving
    const request = await readJson(c, ChatRequestSchema).catch(async (err: unknown) => {
      await user;
      throw err;
    });
    return chat.send(user, c.req.param('appId'), request);
  });
  app.get('/api/apps/:appId/chat/messages', signedIn, async (c) =>
    c.json({ messages: await chat.messages(c.var.user, c.req.param('appId')) }),
  );
  app.post('/api/apps/:appId/chat/messages/:messageId/revert', signedIn, async (c) =>
    c.json(await chat.revert(c.var.user, c.req.param('appId'), c.req.param('messageId'))),
  );
  app.post('/api/apps/:appId/versions/:versionId/restore', signedIn, async (c) => {
    const { messageId } = await readJson(c, RestoreVersionRequestSchema);
    return c.json(await chat.restore(c.var.user, c.req.param('appId'), c.req.param('versionId'), messageId));
  });
  app.post('/api/apps/:appId/versions/:versionId/validate-repair', signedIn, async (c) =>
    c.json(
      await chat.validateRepair(
        c.var.user,
        c.req.param('appId'),
        c.req.param('versionId'),
        await readJson(c, ValidateRepairRequestSchema),
      ),
    ),
  );

  /**
   * The app's last 2 messages, sent at once and again after every change (spec 3 §4 Streaming):
   * a reload or a second tab follows a turn that another request is streaming.
   */
  app.get('/api/apps/:appId/chat/live', signedIn, async (c) => {
    const user = c.var.user;
    const appId = c.req.param('appId');
    const first = await chat.lastMessages(user, appId);
    return streamSSE(c, async (stream) => {
      let pending = false;
      let running = Promise.resolve();
      const send = () => {
        if (pending) return;
        pending = true;
        running = running.then(async () => {
          pending = false;
          await stream.writeSSE({
            event: 'messages',
            data: JSON.stringify({ messages: await chat.lastMessages(user, appId) }),
          });
        });
      };
      const unlisten = await chat.subscribe(user, appId, send);
      const keepAlive = setInterval(() => void stream.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
      const closed = new Promise<void>((resolve) => stream.onAbort(resolve));
      await stream.writeSSE({ event: 'messages', data: JSON.stringify({ messages: first }) });
      await closed;
      clearInterval(keepAlive);
      await unlisten();
      await running.catch(() => {});
    });
  });
  return app;
}
