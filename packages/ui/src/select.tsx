import type { Ref, SelectHTMLAttributes } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from './cn';

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'size'> {
  ref?: Ref<HTMLSelectElement>;
  /** `sm` for toolbars and dense tables, `md` beside other form controls. */
  controlSize?: 'sm' | 'md';
}

/**
 * A native select with the builder's look: the platform's own popup (accessible, right on every
 * phone), a chevron, and the same focus ring as Input. Pair it with Field for a label.
 */
export function Select({ className, controlSize = 'md', children, ...rest }: SelectProps) {
  return (
    <div className={cn('relative', className)}>
      <select
        className={cn(
          'w-full appearance-none rounded-lg border border-line-strong bg-surface text-ink shadow-xs outline-none',
          'transition-[border-color,box-shadow] duration-150 hover:border-ink-faint focus:border-brand-500 focus:ring-3 focus:ring-brand-500/15',
          'disabled:cursor-not-allowed disabled:bg-surface-muted disabled:text-ink-subtle',
          controlSize === 'sm' ? 'h-8 pr-8 pl-2.5 text-[13px]' : 'h-10 pr-9 pl-3 text-base sm:text-sm',
        )}
        {...rest}
      >
        {children}
      </select>
      <ChevronDown
        className={cn(
          'pointer-events-none absolute top-1/2 -translate-y-1/2 text-ink-subtle',
          controlSize === 'sm' ? 'right-2.5 size-3.5' : 'right-3 size-4',
        )}
        aria-hidden
      />
    </div>
  );
}
