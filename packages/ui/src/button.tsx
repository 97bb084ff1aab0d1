import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Slot } from 'radix-ui';
import { cn } from './cn';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const BASE =
  'relative inline-flex select-none items-center justify-center gap-2 whitespace-nowrap rounded-lg font-medium ' +
  'transition-[background-color,border-color,color,box-shadow] duration-150 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 ' +
  'disabled:cursor-not-allowed disabled:opacity-55 data-[loading=true]:opacity-100 data-[loading=true]:cursor-wait ' +
  '[&_svg]:shrink-0';

const VARIANTS: Record<ButtonVariant, string> = {
  primary:
    'bg-brand-600 text-white shadow-xs shadow-brand-900/20 hover:bg-brand-700 active:bg-brand-800 ' +
    'disabled:hover:bg-brand-600',
  secondary:
    'border border-line-strong bg-surface text-ink shadow-xs hover:border-ink-faint hover:bg-surface-muted ' +
    'active:bg-zinc-100 disabled:hover:bg-surface',
  ghost: 'text-ink-muted hover:bg-zinc-100 hover:text-ink active:bg-zinc-200/70 disabled:hover:bg-transparent',
  danger: 'bg-red-600 text-white shadow-xs hover:bg-red-700 active:bg-red-800 disabled:hover:bg-red-600',
};

const SIZES: Record<ButtonSize, string> = {
  sm: 'h-8 px-3 text-[13px] [&_svg]:size-3.5',
  md: 'h-10 px-4 text-sm [&_svg]:size-4',
  lg: 'h-11 px-5 text-[15px] [&_svg]:size-4',
  icon: 'size-9 [&_svg]:size-4',
};

/** Class names of a button, for links and other elements that should look like one. */
export function buttonClasses({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; fullWidth?: boolean; className?: string } = {}): string {
  return cn(BASE, VARIANTS[variant], SIZES[size], fullWidth && 'w-full', className);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** Shows a spinner, keeps the button's width and disables it while true. */
  loading?: boolean;
  /** Renders the single child (e.g. a router Link) with the button's look instead of a <button>. */
  asChild?: boolean;
  ref?: Ref<HTMLButtonElement>;
  children?: ReactNode;
}

/**
 * The one button of the builder. While `loading`, the label stays in place (invisible) under a
 * centred spinner so the button never changes size.
 */
export function Button({
  variant = 'primary',
  size = 'md',
  fullWidth,
  loading = false,
  asChild = false,
  disabled,
  className,
  children,
  type,
  ...rest
}: ButtonProps) {
  const classes = buttonClasses({ variant, size, fullWidth, className });
  if (asChild) {
    return (
      <Slot.Root className={classes} {...rest}>
        {children}
      </Slot.Root>
    );
  }
  return (
    <button
      type={type ?? 'button'}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      data-loading={loading || undefined}
      {...rest}
    >
      {loading ? (
        <>
          <span className="invisible inline-flex items-center gap-2">{children}</span>
          <span className="absolute inset-0 flex items-center justify-center">
            <Spinner size={size === 'sm' ? 14 : 16} />
          </span>
        </>
      ) : (
        children
      )}
    </button>
  );
}
