import type { ApiRoute } from './api-route';
import { eventStreamResponse } from './api-responses';
import {
  AppChatActivateRequestSchema,
  AppChatActivateResponseSchema,
  AppChatAskRequestSchema,
  AppChatPublicSchema,
  AppChatSettingsSchema,
  AppChatSettingsUpdateSchema,
} from './app-chat';

/** The chat assistant of a generated app (docs/product/app-chat.md#calls). */
export const APP_CHAT_API_ROUTES: ApiRoute[] = [
  {
    method: 'get',
    path: '/api/apps/{appId}/chat/assistant',
    tag: 'Apps',
    summary: "The app's chat assistant: status, chatAppId, name, welcome message, instructions, data sources, records",
    description: 'The owner, an admin; generated apps only.',
    auth: 'builder',
    responses: { 200: AppChatSettingsSchema },
    errors: [403, 409],
  },
  {
    method: 'put',
    path: '/api/apps/{appId}/chat/assistant',
    tag: 'Apps',
    summary: "Save the chat assistant's settings (dataItemIds null: every data source of the app)",
    auth: 'builder',
    body: AppChatSettingsUpdateSchema,
    responses: { 200: AppChatSettingsSchema },
    errors: [403, 409],
  },
  {
    method: 'post',
    path: '/api/apps/{appId}/chat/activate',
    tag: 'Apps',
    summary: 'Turn the chat assistant on or off; the answer reads its chatAppId (given on the first activation)',
    auth: 'builder',
    body: AppChatActivateRequestSchema,
    responses: { 200: AppChatActivateResponseSchema },
    errors: [403, 409],
  },
  {
    method: 'get',
    path: '/live_api/chat',
    tag: 'App host',
    summary: "What the app's chat widget shows (404 while the assistant is not active)",
    auth: 'none',
    host: 'appHost',
    responses: { 200: AppChatPublicSchema },
  },
  {
    method: 'post',
    path: '/live_api/chat/messages',
    tag: 'App host',
    summary: 'Ask the chat assistant: the answer streamed as run events (run, status, sources, delta, done or error)',
    description:
      'An end user (bearer tsa_ token) or an anonymous visitor (the signed `tessera_visitor` cookie). Records are read with that caller’s rights. A refused question (not active, a limit) is a JSON error instead of a stream.',
    auth: 'none',
    host: 'appHost',
    body: AppChatAskRequestSchema,
    responses: eventStreamResponse('ToolRunEvent per SSE event, named by its type'),
    errors: [429],
  },
];
