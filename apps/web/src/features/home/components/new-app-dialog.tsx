import { Dialog, DialogContent } from '@tessera/ui';
import { AppPrompt } from './app-prompt';

export interface NewAppDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Where a new app starts from anywhere on Home: the same description box as the page's own. */
export function NewAppDialog({ open, onOpenChange }: NewAppDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        size="md"
        title="New app"
        description="Describe an app (what it does, who it’s for, what data it keeps) and Tessera writes it while the editor opens; or pick AI tool, name it, and build its form, instructions and data in panels."
      >
        {open && <AppPrompt label="Describe your app" autoFocus />}
      </DialogContent>
    </Dialog>
  );
}
