/** @tessera/contracts/app-chat: The app chat: an app's own assistant for its visitors, its settings and texts. */
export {
  APP_CHAT_STATUSES,
  type AppChatStatus,
  APP_CHAT_NAME_MAX_LENGTH,
  APP_CHAT_WELCOME_MAX_LENGTH,
  APP_CHAT_INSTRUCTIONS_MAX_LENGTH,
  APP_CHAT_MESSAGE_MAX_LENGTH,
  APP_CHAT_DATA_ITEMS_MAX,
  APP_CHAT_HIDDEN_ENTITY,
  APP_CHAT_DEFAULTS,
  APP_CHAT_MESSAGES,
} from '../app-chat-texts';
export {
  AppChatSettingsUpdateSchema,
  type AppChatSettingsUpdate,
  AppChatSettingsSchema,
  type AppChatSettings,
  AppChatActivateRequestSchema,
  type AppChatActivateRequest,
  AppChatActivateResponseSchema,
  type AppChatActivateResponse,
  AppChatPublicSchema,
  type AppChatPublic,
  AppChatAskRequestSchema,
  type AppChatAskRequest,
} from '../app-chat';
