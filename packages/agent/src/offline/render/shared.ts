// What the page generators share: the Tailwind classes they put in pages and the files every app gets.

/** Tailwind classes reused by the generators (semantic colours from globals.css). */
export const CLASSES = {
  primaryButton:
    'inline-flex items-center justify-center gap-2 rounded-lg bg-primary px-4 py-2 text-sm font-medium text-primary-foreground shadow-sm transition-colors hover:bg-primary-hover disabled:cursor-not-allowed disabled:opacity-60',
  secondaryButton:
    'inline-flex items-center justify-center gap-2 rounded-lg border border-border bg-surface px-4 py-2 text-sm font-medium text-foreground transition-colors hover:bg-muted',
  dangerButton:
    'inline-flex items-center justify-center gap-2 rounded-lg border border-border bg-surface px-4 py-2 text-sm font-medium text-danger transition-colors hover:bg-danger/10',
  iconButton: 'rounded-lg p-2 text-muted-foreground transition-colors hover:bg-muted hover:text-foreground',
  card: 'rounded-xl border border-border bg-surface shadow-sm',
  input:
    'w-full rounded-lg border border-border bg-surface px-3 py-2 text-sm text-foreground placeholder:text-muted-foreground focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/20',
} as const;

/** Files every generated app shares (components, helpers, the records hook), keyed by path: ../templates. */
export { TEMPLATES as SHARED_FILES } from '../templates/templates.gen';
