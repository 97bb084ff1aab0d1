// The builder chat (docs/product/editor-and-chat.md): a turn streams the model's answer and applies
// its changes as a new version; live followers in every process.
import type { Lifecycle } from '../../platform/lifecycle';
import type { SignedIn } from '../../platform/http/signed-in';
import type { Platform } from '../../platform/platform';
import { createChatRepo } from './chat.repo';
import { chatRoutes } from './chat.routes';
import { createChatService, type ChatDeps } from './chat.service';

export interface ChatModuleDeps extends Pick<ChatDeps, 'versionsRepo' | 'versions' | 'apps' | 'accounts'> {
  signedIn: SignedIn;
  /** The builder of an `Authorization` header, read while the turn's app is (the auth module's). */
  authenticate: Parameters<typeof chatRoutes>[0]['authenticate'];
  /** The plan catalogue's chat allowances (the billing module's). */
  chatLimitsOf: NonNullable<ChatDeps['chatLimitsOf']>;
  /** The process's drain: running turns get its grace. */
  lifecycle: Lifecycle;
}

/** Builds the chat module: its routes, and the id of an app's last message (the code editor's conflict check). */
export function createChatModule(platform: Platform, { signedIn, authenticate, ...deps }: ChatModuleDeps) {
  const { db, database, rateLimiter, models, logger } = platform;
  const chatRepo = createChatRepo(db, rateLimiter);
  const chat = createChatService({
    ...deps,
    chatRepo,
    models,
    logger,
    listen: (channel, onPayload, onResync) => database.listen(channel, onPayload, onResync),
    isOnlyProcess: database.kind === 'pglite',
  });
  return {
    routes: chatRoutes({ chat, signedIn, authenticate }),
    /** The id of the app's last chat message, or null. */
    lastMessageIdOf: async (appId: string) => (await chatRepo.listLast(appId, 1))[0]?.id ?? null,
  };
}
