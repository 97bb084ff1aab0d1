import type { ReactNode } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from './cn';

/** The dialog root (controlled with `open`/`onOpenChange`, or uncontrolled with a trigger). */
export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

export interface DialogContentProps {
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom, right-aligned on wide screens and stacked on narrow ones. */
  footer?: ReactNode;
  className?: string;
  /** Width: the default (512 px) or the spec's modal sizes sm 400, md 600, lg 820, xl 1000. */
  size?: 'default' | 'sm' | 'md' | 'lg' | 'xl';
}

const SIZES = {
  default: 'max-w-lg',
  sm: 'max-w-[400px]',
  md: 'max-w-[600px]',
  lg: 'max-w-[820px]',
  xl: 'max-w-[1000px]',
} as const;

/**
 * A centred modal with a title, an optional description and a close button. Radix traps focus,
 * restores it on close and closes on Escape or an outside click.
 */
export function DialogContent({
  title,
  description,
  children,
  footer,
  className,
  size = 'default',
}: DialogContentProps) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-50 bg-zinc-950/40 backdrop-blur-[2px] data-[state=open]:animate-fade-in" />
      <RadixDialog.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto',
          'rounded-2xl border border-line bg-surface shadow-pop outline-none data-[state=open]:animate-pop-in',
          SIZES[size],
          className,
        )}
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <div className="flex items-start justify-between gap-4 px-6 pt-6">
          <div className="space-y-1.5">
            <RadixDialog.Title className="text-lg font-semibold tracking-tight text-ink">{title}</RadixDialog.Title>
            {description && (
              <RadixDialog.Description className="text-sm leading-relaxed text-ink-subtle">
                {description}
              </RadixDialog.Description>
            )}
          </div>
          <RadixDialog.Close
            className="-mt-1 -mr-2 flex size-8 shrink-0 items-center justify-center rounded-lg text-ink-subtle hover:bg-zinc-100 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500"
            aria-label="Close"
          >
            <X className="size-4" aria-hidden />
          </RadixDialog.Close>
        </div>
        {children && <div className="px-6 pt-5 pb-6">{children}</div>}
        {footer && (
          <div className="flex flex-col-reverse gap-2 rounded-b-2xl border-t border-line bg-surface-muted/60 px-6 py-4 sm:flex-row sm:justify-end">
            {footer}
          </div>
        )}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}
