import {
  APP_CHAT_NAME_MAX_LENGTH,
  APP_CHAT_WELCOME_MAX_LENGTH,
  type AppChatSettingsUpdate,
} from '@tessera/contracts/app-chat';
import { Field, Input, Textarea } from '@tessera/ui';

export interface AssistantNameFieldsProps {
  form: AppChatSettingsUpdate;
  onFormChange: (change: (form: AppChatSettingsUpdate) => AppChatSettingsUpdate) => void;
}

/**
 * The assistant's name and welcome message (docs/product/app-chat.md#screens-and-routes), asked by
 * the activation dialog and kept in the App chat panel.
 */
export function AssistantNameFields({ form, onFormChange }: AssistantNameFieldsProps) {
  return (
    <>
      <Field label="Assistant name">
        <Input
          value={form.name}
          maxLength={APP_CHAT_NAME_MAX_LENGTH}
          onChange={(e) => onFormChange((f) => ({ ...f, name: e.target.value }))}
        />
      </Field>
      <Field label="Welcome message" optional>
        <Textarea
          rows={2}
          value={form.welcomeMessage}
          maxLength={APP_CHAT_WELCOME_MAX_LENGTH}
          onChange={(e) => onFormChange((f) => ({ ...f, welcomeMessage: e.target.value }))}
        />
      </Field>
    </>
  );
}
