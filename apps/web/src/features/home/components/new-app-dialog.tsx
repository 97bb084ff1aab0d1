import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogClose, DialogContent, Field, Textarea } from '@tessera/ui';

export interface NewAppDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const EXAMPLES = [
  'A meal planner that turns what’s in my fridge into a week of recipes',
  'A lead-qualification form that scores new customers for my sales team',
  'A study buddy that quizzes students on their own course notes',
];

/**
 * Where a new app starts: a plain-language description. Building is not wired to the server yet,
 * so Create stays disabled and says so rather than pretending.
 */
export function NewAppDialog({ open, onOpenChange }: NewAppDialogProps) {
  const [description, setDescription] = useState('');

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="New app"
        description="Describe what your app should do, who it’s for and what data it uses. Tessera writes the pages, the database and the AI logic."
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button type="submit" form="new-app-form" disabled aria-describedby="new-app-soon">
              Create app
            </Button>
          </>
        }
      >
        <form id="new-app-form" onSubmit={handleSubmit} className="space-y-4">
          <Field label="Describe your app">
            <Textarea
              rows={5}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              placeholder="A booking page for my yoga studio that suggests classes based on each student’s goals"
              maxLength={4000}
              autoFocus
            />
          </Field>
          <div className="space-y-2">
            <p className="text-[13px] font-medium text-ink-subtle">Or start from an example</p>
            <div className="flex flex-wrap gap-2">
              {EXAMPLES.map((example) => (
                <button
                  key={example}
                  type="button"
                  onClick={() => setDescription(example)}
                  className="rounded-lg border border-line bg-surface-muted px-3 py-1.5 text-left text-[13px] leading-snug text-ink-muted hover:border-line-strong hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500"
                >
                  {example}
                </button>
              ))}
            </div>
          </div>
          <p
            id="new-app-soon"
            className="rounded-lg bg-brand-50 px-3.5 py-2.5 text-[13px] leading-relaxed text-brand-800 ring-1 ring-brand-100 ring-inset"
          >
            App building is coming in the next release. Your description isn’t saved yet.
          </p>
        </form>
      </DialogContent>
    </Dialog>
  );
}
