/**
 * The app chat assistant's constants and messages (docs/product/app-chat.md), without zod: the
 * runtime on the app's host gets this part of the contracts too.
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
