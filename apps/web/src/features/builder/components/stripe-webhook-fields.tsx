import { useId, useState } from 'react';
import { Check } from 'lucide-react';
import { MEMBERSHIP_MESSAGES, type PaymentsNotificationResponse } from '@tessera/contracts/memberships';
import { Alert, Badge, Button, Field, Input, toast } from '@tessera/ui';
import { errorMessage } from '../../../shared/api';
import { useSaveWebhookSecret } from '../api/memberships';
import { CopyField } from './copy-field';

/**
 * Stripe's side of a connected membership (docs/product/memberships.md#stripe): the app's webhook
 * URL and the events to send there, and the endpoint's signing secret, stored encrypted.
 */
export function StripeWebhookFields({
  appId,
  notification,
}: {
  appId: string;
  notification: PaymentsNotificationResponse;
}) {
  const secretId = useId();
  const [secret, setSecret] = useState('');
  const save = useSaveWebhookSecret(appId);

  function handleSave() {
    save.mutate(secret.trim(), {
      onSuccess: (result) => {
        setSecret('');
        toast.success(result.message);
      },
      onError: (err) => toast.error(errorMessage(err)),
    });
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-[13px] font-medium text-ink">Stripe webhook</p>
        {notification.hasWebhookSecret && (
          <Badge tone="success">
            <Check aria-hidden className="size-3.5" /> Signing secret saved
          </Badge>
        )}
      </div>
      <p className="text-[13px] leading-snug text-ink-subtle">
        In Stripe under Developers → Webhooks, add an endpoint with this URL and these events, then paste its signing
        secret below, so renewals, cancellations and refunds reach your app.
      </p>
      <CopyField label="Webhook URL" value={notification.notificationUrl} />
      <ul aria-label="Events to send" className="flex flex-wrap gap-1.5">
        {notification.events.map((event) => (
          <li key={event} className="rounded-md bg-surface-muted px-2 py-0.5 font-mono text-[11px] text-ink-subtle">
            {event}
          </li>
        ))}
      </ul>
      {!notification.hasWebhookSecret && <Alert tone="info">{MEMBERSHIP_MESSAGES.stripeNoWebhookSecret}.</Alert>}
      <form
        className="flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          handleSave();
        }}
      >
        <Field
          label="Signing secret"
          className="min-w-0 flex-1"
          error={save.isError ? errorMessage(save.error) : undefined}
        >
          <Input
            id={secretId}
            type="password"
            autoComplete="off"
            spellCheck={false}
            placeholder={notification.hasWebhookSecret ? '••••••••••••' : 'whsec_…'}
            value={secret}
            onChange={(event) => setSecret(event.target.value)}
          />
        </Field>
        <Button type="submit" variant="secondary" disabled={!secret.trim()} loading={save.isPending}>
          Save
        </Button>
      </form>
    </div>
  );
}
