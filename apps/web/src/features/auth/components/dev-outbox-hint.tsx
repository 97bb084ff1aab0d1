import { Link } from 'react-router';
import { Inbox } from 'lucide-react';
import { usePublicConfig } from '../../../shared/hooks';

/** On servers without SMTP (development), mails land in the dev outbox: point there. */
export function DevOutboxHint() {
  const config = usePublicConfig();
  if (!config?.devOutbox) return null;
  return (
    <p className="text-center text-[13px] leading-relaxed text-ink-subtle">
      <Inbox className="mr-1.5 inline size-3.5 align-[-2px]" aria-hidden />
      Developing locally?{' '}
      <Link to="/dev/mail" target="_blank" className="font-medium text-brand-700 underline-offset-2 hover:underline">
        Open the dev mail outbox
      </Link>
    </p>
  );
}
