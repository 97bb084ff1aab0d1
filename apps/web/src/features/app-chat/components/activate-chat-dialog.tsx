import type { AppChatSettingsUpdate } from '@tessera/contracts';
import { APP_CHAT_NAME_MAX_LENGTH, APP_CHAT_WELCOME_MAX_LENGTH } from '@tessera/contracts';
import { Button, Dialog, DialogContent, Field, Input, Textarea } from '@tessera/ui';

export interface ActivateChatDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  form: AppChatSettingsUpdate;
  onFormChange: (change: (form: AppChatSettingsUpdate) => AppChatSettingsUpdate) => void;
  onActivate: () => Promise<void>;
  isBusy: boolean;
}

/**
 * "Activate Your Chat Assistant" (docs/product/app-chat.md#the-app-chat-panel): the first
 * activation names the assistant and its welcome message, then turns it on.
 */
export function ActivateChatDialog({
  open,
  onOpenChange,
  form,
  onFormChange,
  onActivate,
  isBusy,
}: ActivateChatDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Activate Your Chat Assistant"
        description="A chat bubble appears on every page of your app. It answers your users from the app's data sources, and from the records each of them may see if you let it."
        footer={
          <>
            <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="button" loading={isBusy} disabled={!form.name.trim()} onClick={() => void onActivate()}>
              Activate
            </Button>
          </>
        }
      >
        <div className="space-y-4">
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
        </div>
      </DialogContent>
    </Dialog>
  );
}
