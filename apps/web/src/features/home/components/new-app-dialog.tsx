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
        description="Describe what your app should do, who it’s for and what data it keeps. Tessera writes the pages and the database, and the editor opens while it builds."
      >
        {open && <AppPrompt label="Describe your app" autoFocus />}
      </DialogContent>
    </Dialog>
  );
}
