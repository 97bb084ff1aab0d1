import { useState } from 'react';
import { Link } from 'react-router';
import { Inbox, Search } from 'lucide-react';
import { Alert, Badge, EmptyState, Input, Logo, Skeleton } from '@tessera/ui';
import { useDocumentTitle, usePublicConfig } from '../../../shared/hooks';
import { useOutbox } from '../api/outbox';
import { MailCard } from '../components/mail-card';

/** `/dev/mail`: the mails a development server would have sent, with their links, live. */
export function DevMailPage() {
  const config = usePublicConfig();
  const [filter, setFilter] = useState('');
  const to = filter.trim().toLowerCase();
  const isEnabled = config?.devOutbox === true;
  const outbox = useOutbox(isEnabled);
  const mails = outbox.data?.mails.filter((mail) => !to || mail.to.toLowerCase().includes(to));
  useDocumentTitle('Dev mail outbox');

  return (
    <div className="min-h-dvh">
      <header className="border-b border-line bg-surface">
        <div className="mx-auto flex h-16 max-w-3xl items-center gap-3 px-4 sm:px-6">
          <Link
            to="/"
            aria-label="Tessera home"
            className="rounded-md focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            <Logo size={26} />
          </Link>
          <Badge tone="warning">Development</Badge>
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
        <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div className="space-y-1.5">
            <h1 className="text-2xl font-semibold tracking-tight text-ink">Mail outbox</h1>
            <p className="text-sm text-ink-subtle">
              Without SMTP, Tessera keeps its mails here. Refreshes every 2 seconds.
            </p>
          </div>
          <label className="relative block sm:w-64">
            <span className="sr-only">Filter by recipient</span>
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-faint"
              aria-hidden
            />
            <Input
              type="search"
              placeholder="Filter by recipient"
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
              className="pl-9"
            />
          </label>
        </div>

        {config && !isEnabled ? (
          <Alert tone="info" title="The dev outbox is not available here">
            This server sends real mail, or you are not on the machine running it: its mails hold sign-in links, so the
            outbox opens only from that machine (on localhost).
          </Alert>
        ) : outbox.isError ? (
          <Alert tone="error">{outbox.error.message}</Alert>
        ) : !mails ? (
          <div className="space-y-4" aria-busy>
            <Skeleton className="h-40 w-full rounded-xl" />
            <Skeleton className="h-40 w-full rounded-xl" />
          </div>
        ) : mails.length === 0 ? (
          <EmptyState
            icon={<Inbox />}
            title={to ? `No mails to ${to}` : 'No mails yet'}
            text="Sign up, ask for a password reset or a magic link, and the mail shows up here within seconds."
          />
        ) : (
          <ul className="space-y-4" aria-live="polite">
            {mails.map((mail) => (
              <li key={mail.id}>
                <MailCard mail={mail} />
              </li>
            ))}
          </ul>
        )}
      </main>
    </div>
  );
}
