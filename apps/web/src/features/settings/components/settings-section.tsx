import type { ReactNode } from 'react';

/** One settings block: its title and explanation on the left (above on phones), the card on the right. */
export function SettingsSection({
  title,
  description,
  children,
  id,
}: {
  title: string;
  description: ReactNode;
  children: ReactNode;
  id: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className="grid gap-4 border-t border-line py-8 first:border-t-0 first:pt-0 md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] md:gap-10"
    >
      <div className="space-y-1.5">
        <h2 id={id} className="text-[15px] font-semibold tracking-tight text-ink">
          {title}
        </h2>
        <p className="text-sm leading-relaxed text-ink-subtle">{description}</p>
      </div>
      <div className="min-w-0">{children}</div>
    </section>
  );
}
