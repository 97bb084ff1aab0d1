import { cn } from './cn';

export interface LogoProps {
  /** Height of the mark in pixels; the wordmark scales with it. Defaults to 28. */
  size?: number;
  /** Hide the "Tessera" wordmark and show the mark only (it keeps an accessible name). */
  markOnly?: boolean;
  className?: string;
}

/** The Tessera mark (four mosaic tiles, one lifted) and wordmark. */
export function Logo({ size = 28, markOnly = false, className }: LogoProps) {
  return (
    <span className={cn('inline-flex items-center gap-2.5 text-ink', className)}>
      <svg
        width={size}
        height={size}
        viewBox="0 0 32 32"
        role="img"
        aria-label={markOnly ? 'Tessera' : undefined}
        aria-hidden={markOnly ? undefined : true}
      >
        <defs>
          <linearGradient id="tessera-logo-bg" x1="0" y1="0" x2="32" y2="32" gradientUnits="userSpaceOnUse">
            <stop offset="0" stopColor="oklch(58.5% 0.233 277.117)" />
            <stop offset="1" stopColor="oklch(45.7% 0.24 277.023)" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="8" fill="url(#tessera-logo-bg)" />
        <rect x="7" y="7" width="8" height="8" rx="2" fill="#fff" />
        <rect x="17" y="7" width="8" height="8" rx="2" fill="#fff" fillOpacity="0.55" />
        <rect x="7" y="17" width="8" height="8" rx="2" fill="#fff" fillOpacity="0.55" />
        <rect x="17" y="17" width="8" height="8" rx="2" fill="#fff" fillOpacity="0.85" />
      </svg>
      {!markOnly && (
        <span className="font-semibold tracking-tight" style={{ fontSize: Math.round(size * 0.62) }}>
          Tessera
        </span>
      )}
    </span>
  );
}
