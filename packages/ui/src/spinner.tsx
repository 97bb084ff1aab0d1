import { cn } from './cn';

export interface SpinnerProps {
  /** Pixel size of the square spinner; defaults to 16. */
  size?: number;
  className?: string;
  /** Accessible label; omit when the surrounding control already says it is busy. */
  label?: string;
}

/** An indeterminate ring in the current text colour. */
export function Spinner({ size = 16, className, label }: SpinnerProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      className={cn('animate-spin-slow shrink-0', className)}
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <circle cx="12" cy="12" r="9.5" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
      <path d="M21.5 12a9.5 9.5 0 0 0-9.5-9.5" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
