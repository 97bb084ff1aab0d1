import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { ArrowUp, LayoutGrid, Sparkles } from 'lucide-react';
import { APP_DESCRIPTION_MAX_LENGTH } from '@tessera/contracts/apps';
import { Alert, Button, Tabs, TabsList, TabsTrigger, cn } from '@tessera/ui';
import { useStartTool } from '../../tools';
import { useStartApp } from '../hooks/use-start-app';

export const APP_EXAMPLES = [
  'A meal planner that turns what’s in my fridge into a week of recipes',
  'A lead-qualification form that scores new customers for my sales team',
  'A study buddy that quizzes students on their own course notes',
];

/** Names of single AI tools to start from (a tool starts from its name; its fields come next). */
export const TOOL_EXAMPLES = ['Instagram caption writer', 'Product FAQ assistant', 'Gift idea finder'];

/** What the box starts: a generated app (described in a chat) or a single AI tool (built in panels). */
export type StartKind = 'app' | 'tool';

export interface AppPromptProps {
  /** Centre the examples under the box (Home's centred layout). */
  centered?: boolean;
  /** Accessible name of the description box (the visible heading stands for it on Home). */
  label: string;
  /** Larger box and text on Home; compact in the dialog. */
  size?: 'lg' | 'md';
  autoFocus?: boolean;
  /** What the box starts at first (the New app dialog may open on a tool). */
  initialKind?: StartKind;
}

/**
 * The description box that starts an app: type what to build (or pick an example), press Enter
 * (Shift+Enter for a new line) or the arrow, and the editor opens building it.
 */
export function AppPrompt({ label, size = 'md', autoFocus, centered, initialKind = 'app' }: AppPromptProps) {
  const [description, setDescription] = useState('');
  const [kind, setKind] = useState<StartKind>(initialKind);
  const startApp = useStartApp();
  const startTool = useStartTool();
  const starter = kind === 'tool' ? startTool : startApp;
  const isEmpty = description.trim() === '';
  const examples = kind === 'tool' ? TOOL_EXAMPLES : APP_EXAMPLES;

  function start() {
    if (kind === 'tool') void startTool.start(description);
    else startApp.start(description);
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    start();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      start();
    }
  }

  return (
    <form onSubmit={handleSubmit} className="space-y-4" aria-busy={starter.isPending}>
      <Tabs
        value={kind}
        onValueChange={(value) => {
          setKind(value as StartKind);
          startApp.reset();
          startTool.reset();
        }}
        className={cn('flex', centered && 'justify-center')}
      >
        <TabsList className="max-w-64" aria-label="What to build">
          <TabsTrigger
            value="app"
            disabled={starter.isPending}
            className="inline-flex items-center justify-center gap-1.5"
          >
            <LayoutGrid className="size-4" aria-hidden />
            App
          </TabsTrigger>
          <TabsTrigger
            value="tool"
            disabled={starter.isPending}
            className="inline-flex items-center justify-center gap-1.5"
          >
            <Sparkles className="size-4" aria-hidden />
            AI tool
          </TabsTrigger>
        </TabsList>
      </Tabs>
      <div
        className={cn(
          'relative rounded-2xl border border-line-strong bg-surface shadow-card transition-[border-color,box-shadow]',
          'focus-within:border-brand-400 focus-within:ring-4 focus-within:ring-brand-100',
        )}
      >
        <textarea
          aria-label={label}
          value={description}
          onChange={(e) => {
            setDescription(e.target.value);
            if (starter.error) starter.reset();
          }}
          onKeyDown={handleKeyDown}
          placeholder={
            kind === 'tool'
              ? 'Name your tool, e.g. “Wine pairing advisor”: you add its fields, instructions and data next'
              : 'A booking page for my yoga studio that suggests classes based on each student’s goals'
          }
          maxLength={APP_DESCRIPTION_MAX_LENGTH}
          rows={size === 'lg' ? 4 : 5}
          autoFocus={autoFocus}
          readOnly={starter.isPending}
          className={cn(
            // Grows with the description (up to a point), so no line hides behind the Build it row.
            'field-sizing-content block max-h-80 w-full resize-none rounded-2xl bg-transparent px-4 pt-4 pb-16 text-ink placeholder:text-ink-faint focus:outline-none',
            size === 'lg' ? 'min-h-36 text-base sm:px-5 sm:pt-5 sm:text-[17px]' : 'min-h-32 text-[15px]',
          )}
        />
        <div className="absolute right-3 bottom-3 left-4 flex items-center justify-between gap-3 sm:left-5">
          <span className="hidden text-xs text-ink-faint sm:inline">Enter to build · Shift+Enter for a new line</span>
          <Button
            type="submit"
            size={size === 'lg' ? 'lg' : 'md'}
            disabled={isEmpty}
            loading={starter.isPending}
            className="ml-auto"
          >
            <ArrowUp aria-hidden />
            {kind === 'tool' ? 'Create tool' : 'Build it'}
          </Button>
        </div>
      </div>
      <div className={cn('flex flex-wrap gap-2', centered && 'justify-center')} role="group" aria-label="Examples">
        {examples.map((example) => (
          <button
            key={example}
            type="button"
            onClick={() => setDescription(example)}
            disabled={starter.isPending}
            className="rounded-full border border-line bg-surface px-3.5 py-1.5 text-left text-[13px] leading-snug text-ink-muted hover:border-line-strong hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-60"
          >
            {example}
          </button>
        ))}
      </div>
      {starter.error && <Alert tone="error">{starter.error}</Alert>}
    </form>
  );
}
