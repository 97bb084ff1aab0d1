import { Hono, type MiddlewareHandler } from 'hono';
import { UI_MESSAGE_STREAM_HEADERS } from 'ai';
import { type SessionUser } from '@tessera/contracts/auth';
import { ChatRequestSchema, RestoreVersionRequestSchema, ValidateRepairRequestSchema } from '@tessera/contracts/chat';
import { sseResponse } from '../../platform/http/sse';
import { readJson } from '../../platform/http/validate';
import type { AuthVariables } from '../auth';
import type { TurnChunk } from './chat-turn';
import type { ChatService } from './chat.service';

/** A turn's chunk as the AI SDK's UI-message stream writes it: unnamed, its JSON as data. */
const turnMessage = (chunk: TurnChunk) => ({ data: typeof chunk === 'string' ? chunk : JSON.stringify(chunk) });

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
    return sseResponse(await chat.send(user, c.req.param('appId'), request), turnMessage, {
      headers: UI_MESSAGE_STREAM_HEADERS,
    });
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
   * The app's last 2 messages, sent at once and again after every change: a reload or a second
   * tab follows a turn that another request is streaming.
   */
  app.get('/api/apps/:appId/chat/live', signedIn, async (c) =>
    sseResponse(await chat.live(c.var.user, c.req.param('appId')), (messages) => ({
      event: 'messages',
      data: JSON.stringify({ messages }),
    })),
  );
  return app;
}
