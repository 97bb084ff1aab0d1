import { Button, Dialog, DialogContent } from '@tessera/ui';
import { AssistantNameFields, type AssistantNameFieldsProps } from './assistant-name-fields';

export interface ActivateChatDialogProps extends AssistantNameFieldsProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onActivate: () => Promise<void>;
  isBusy: boolean;
}

/**
 * "Activate Your Chat Assistant" (docs/product/app-chat.md#screens-and-routes): the first
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
          <AssistantNameFields form={form} onFormChange={onFormChange} />
        </div>
      </DialogContent>
    </Dialog>
  );
}
