import { z } from 'zod';

/**
 * The chat assistant of a generated app (docs/product/app-chat.md): the builder's side under
 * `/api/apps/{appId}/chat…`, the end users' side on the app's own host under `/live_api/chat…`.
 * A question streams back as `ToolRunEvent`s (tool-runs.ts), the same events a tool run sends;
 * a refused question (not active, a limit, bad input) is a JSON error instead of a stream.
 */

export const APP_CHAT_STATUSES = ['active', 'draft'] as const;
export type AppChatStatus = (typeof APP_CHAT_STATUSES)[number];

export const APP_CHAT_NAME_MAX_LENGTH = 80;
export const APP_CHAT_WELCOME_MAX_LENGTH = 500;
export const APP_CHAT_INSTRUCTIONS_MAX_LENGTH = 4000;
export const APP_CHAT_MESSAGE_MAX_LENGTH = 2000;
export const APP_CHAT_DATA_ITEMS_MAX = 100;
/** The built-in entity of an app's users: never read by the assistant. */
export const APP_CHAT_HIDDEN_ENTITY = 'User';

export const APP_CHAT_DEFAULTS = {
  name: 'Assistant',
  welcomeMessage: 'Hi! Ask me anything about this app.',
  instructions: '',
} as const;

/** What the builder sets (the App chat panel). `dataItemIds: null` means every data source of the app. */
export const AppChatSettingsUpdateSchema = z.strictObject({
  name: z.string().trim().min(1, 'Name the assistant').max(APP_CHAT_NAME_MAX_LENGTH),
  welcomeMessage: z.string().trim().max(APP_CHAT_WELCOME_MAX_LENGTH),
  instructions: z.string().trim().max(APP_CHAT_INSTRUCTIONS_MAX_LENGTH),
  dataItemIds: z.array(z.string().min(1).max(100)).max(APP_CHAT_DATA_ITEMS_MAX).nullable(),
  canReadRecords: z.boolean(),
});
export type AppChatSettingsUpdate = z.infer<typeof AppChatSettingsUpdateSchema>;

/** The chat settings of an app: its status and chatAppId (null until first activated), and the builder's choices. */
export const AppChatSettingsSchema = AppChatSettingsUpdateSchema.extend({
  status: z.enum(APP_CHAT_STATUSES),
  chatAppId: z.string().nullable(),
});
export type AppChatSettings = z.infer<typeof AppChatSettingsSchema>;

export const AppChatActivateRequestSchema = z.strictObject({
  isActive: z.boolean({ error: 'isActive must be true or false' }),
});
export type AppChatActivateRequest = z.infer<typeof AppChatActivateRequestSchema>;
export const AppChatActivateResponseSchema = z.object({
  status: z.enum(APP_CHAT_STATUSES),
  chatAppId: z.string(),
});
export type AppChatActivateResponse = z.infer<typeof AppChatActivateResponseSchema>;

/** `GET /live_api/chat` on the app's host: what the widget shows (404 while the assistant is not active). */
export const AppChatPublicSchema = z.object({
  chatAppId: z.string(),
  name: z.string(),
  welcomeMessage: z.string(),
});
export type AppChatPublic = z.infer<typeof AppChatPublicSchema>;

/** `POST /live_api/chat/messages`: one question. */
export const AppChatAskRequestSchema = z.strictObject({
  message: z
    .string({ error: 'Write a question first' })
    .trim()
    .min(1, 'Write a question first')
    .max(APP_CHAT_MESSAGE_MAX_LENGTH, `A question is at most ${APP_CHAT_MESSAGE_MAX_LENGTH} characters`),
});
export type AppChatAskRequest = z.infer<typeof AppChatAskRequestSchema>;

export const APP_CHAT_MESSAGES = {
  activated: 'Chat assistant activated successfully',
  deactivated: 'Chat assistant deactivated successfully',
  activateFailed: 'Failed to activate chat assistant',
  deactivateFailed: 'Failed to deactivate chat assistant',
  saved: 'Chat assistant saved',
  saveFailed: 'Failed to save the chat assistant',
  adminsOnly: 'The chat assistant is for admins',
  generatedOnly: 'Only generated apps have a chat assistant',
  unknownDataSource: 'This app has no data source with the id "{id}"',
  notActive: "This app's chat assistant is not active",
  failed: 'The assistant could not answer. Please try again',
} as const;
