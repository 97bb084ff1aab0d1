import type { ReactNode } from 'react';
import { cn } from './cn';
import { Logo } from './logo';

export interface AuthLayoutProps {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Below the card: a secondary link or a short note. */
  footer?: ReactNode;
  /** Optional icon shown above the title inside the card. */
  icon?: ReactNode;
  /** Wraps the logo, e.g. in a link home. */
  renderLogo?: (logo: ReactNode) => ReactNode;
  className?: string;
}

/**
 * The page shell of focused, single-task screens (sign-in, verification, errors): the logo, one
 * centred card with a title, and a footer, on a softly tinted background.
 */
export function AuthLayout({ title, description, children, footer, icon, renderLogo, className }: AuthLayoutProps) {
  const logo = <Logo size={30} />;
  return (
    <div className="relative flex min-h-dvh flex-col items-center overflow-hidden px-4 pt-12 pb-10 sm:justify-center sm:pt-10">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-[420px] bg-[radial-gradient(60%_100%_at_50%_0%,var(--color-brand-100)_0%,transparent_70%)] opacity-70"
      />
      <div className={cn('w-full max-w-[420px]', className)}>
        <div className="mb-8 flex justify-center">{renderLogo ? renderLogo(logo) : logo}</div>
        <main className="rounded-2xl border border-line bg-surface px-6 py-7 shadow-card sm:px-8 sm:py-8">
          {icon && (
            <div className="mb-5 flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-600 ring-1 ring-brand-100 [&_svg]:size-5">
              {icon}
            </div>
          )}
          <div className="mb-6 space-y-1.5">
            <h1 className="text-xl font-semibold tracking-tight text-ink">{title}</h1>
            {description && <div className="text-sm leading-relaxed text-ink-subtle">{description}</div>}
          </div>
          {children}
        </main>
        {footer && <div className="mt-6 text-center text-sm text-ink-subtle">{footer}</div>}
      </div>
    </div>
  );
}
