import { z } from 'zod';
import {
  APP_CHAT_DATA_ITEMS_MAX,
  APP_CHAT_INSTRUCTIONS_MAX_LENGTH,
  APP_CHAT_MESSAGE_MAX_LENGTH,
  APP_CHAT_NAME_MAX_LENGTH,
  APP_CHAT_STATUSES,
  APP_CHAT_WELCOME_MAX_LENGTH,
} from './app-chat-texts';

/**
 * The chat assistant of a generated app (docs/product/app-chat.md): the builder's side under
 * `/api/apps/{appId}/chat…`, the end users' side on the app's own host under `/live_api/chat…`.
 * A question streams back as `ToolRunEvent`s (tool-runs.ts), the same events a tool run sends;
 * a refused question (not active, a limit, bad input) is a JSON error instead of a stream.
 */

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
