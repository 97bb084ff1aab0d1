import { ExternalLink } from 'lucide-react';
import type { OutboxMail } from '@tessera/contracts/auth';
import { Card } from '@tessera/ui';

function formatTime(iso: string): string {
  const date = new Date(iso);
  const seconds = Math.round((Date.now() - date.getTime()) / 1000);
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  return date.toLocaleString();
}

/** Shows a link the way the mail's reader would want it: path and mode first, token elided. */
function describeLink(link: string): string {
  try {
    const url = new URL(link);
    const mode = url.searchParams.get('mode');
    return mode ? `${url.pathname} · ${mode}` : url.pathname;
  } catch {
    return link;
  }
}

/** Links in dev mails point at PUBLIC_URL; open them on this origin so they work behind the dev proxy too. */
function sameOriginHref(link: string): string {
  try {
    const url = new URL(link);
    return url.origin === window.location.origin ? link : `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return link;
  }
}

/**
 * Splits a mail's text into its prose and its links, each link labelled by the words before it on
 * its line ("Verify email: https://..." becomes a "Verify email" button).
 */
function splitMail(mail: OutboxMail): { prose: string; links: Array<{ href: string; label: string }> } {
  const links: Array<{ href: string; label: string }> = [];
  const lines = mail.text.split('\n').filter((line) => {
    const link = mail.links.find((l) => line.includes(l));
    if (!link) return true;
    const label = line
      .replace(link, '')
      .replace(/[:\s]+$/, '')
      .trim();
    links.push({ href: link, label: label || 'Open link' });
    return false;
  });
  for (const link of mail.links)
    if (!links.some((l) => l.href === link)) links.push({ href: link, label: 'Open link' });
  return {
    prose: lines
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
    links,
  };
}

export function MailCard({ mail }: { mail: OutboxMail }) {
  const { prose, links } = splitMail(mail);
  return (
    <Card className="overflow-hidden" data-testid="outbox-mail">
      <div className="flex flex-col gap-1 border-b border-line px-5 py-4 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="min-w-0">
          <h2 className="truncate text-[15px] font-semibold text-ink">{mail.subject}</h2>
          <p className="truncate text-sm text-ink-subtle">
            To <span className="font-medium text-ink-muted">{mail.to}</span>
          </p>
        </div>
        <time
          dateTime={mail.createdAt}
          title={new Date(mail.createdAt).toLocaleString()}
          className="shrink-0 text-[13px] text-ink-faint"
        >
          {formatTime(mail.createdAt)}
        </time>
      </div>
      <div className="space-y-4 px-5 py-4">
        <p className="text-sm leading-relaxed whitespace-pre-wrap text-ink-muted [overflow-wrap:anywhere]">{prose}</p>
        {links.length > 0 && (
          <ul className="space-y-2">
            {links.map((link) => (
              <li key={link.href}>
                <a
                  href={sameOriginHref(link.href)}
                  className="group flex items-center gap-3 rounded-lg border border-line bg-surface-muted px-3.5 py-2.5 text-sm hover:border-brand-300 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500"
                >
                  <ExternalLink className="size-4 shrink-0 text-brand-600" aria-hidden />
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium text-brand-700">{link.label}</span>
                    <span className="block truncate font-mono text-xs text-ink-subtle">{describeLink(link.href)}</span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
