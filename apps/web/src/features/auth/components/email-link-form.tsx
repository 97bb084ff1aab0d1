import { useState, type FormEvent, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import type { StatusResponse } from '@tessera/contracts/auth';
import { Alert, Button, toast } from '@tessera/ui';
import { isApiError } from '../../../shared/api';
import { useSingleFlight } from '../../../shared/hooks';
import { EmailField } from './email-field';
import { formErrorOf } from './form-error';
import { DevOutboxHint } from './dev-outbox-hint';

export interface EmailLinkFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  /** Sends the mail; resolves with the server's `{ status, message }`. */
  send: (email: string) => Promise<StatusResponse>;
  submitLabel: string;
  /** The toast after sending; defaults to the server's message. */
  successToast?: string;
  /** What the sent state says under its title. */
  sentText: (email: string) => ReactNode;
}

/** One e-mail field that sends a link (password reset, magic link), then a "check your inbox" state. */
export function EmailLinkForm({ email, onEmailChange, send, submitLabel, successToast, sentText }: EmailLinkFormProps) {
  const [localError, setLocalError] = useState<string | null>(null);
  const once = useSingleFlight();
  const mutation = useMutation({
    mutationFn: send,
    onSuccess: (result) => {
      toast.success(successToast ?? result.message);
    },
  });

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) {
      setLocalError('Enter your email address');
      return;
    }
    setLocalError(null);
    // A double click sends one mail.
    void once(() => mutation.mutateAsync(email.trim()));
  }

  if (mutation.isSuccess) {
    return (
      <div className="space-y-5">
        <div
          role="status"
          className="flex flex-col items-center rounded-xl border border-line bg-surface-muted/70 px-5 py-6 text-center"
        >
          <div className="mb-3 flex size-10 items-center justify-center rounded-full bg-emerald-50 text-emerald-600 ring-1 ring-emerald-200">
            <MailCheck className="size-5" aria-hidden />
          </div>
          <p className="font-medium text-ink">Check your inbox</p>
          <p className="mt-1 text-sm leading-relaxed text-ink-subtle">{sentText(mutation.variables)}</p>
        </div>
        <Button variant="secondary" fullWidth onClick={() => mutation.reset()}>
          Use a different email
        </Button>
        <DevOutboxHint />
      </div>
    );
  }

  const serverError = mutation.isError ? formErrorOf(mutation.error) : null;
  const fieldError =
    localError ?? (isApiError(mutation.error) && mutation.error.code === 'INVALID_EMAIL' ? serverError : null);
  const formError = fieldError ? null : serverError;

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4">
      <EmailField value={email} onChange={onEmailChange} error={fieldError} autoFocus />
      {formError && <Alert tone="error">{formError}</Alert>}
      <Button type="submit" size="lg" fullWidth loading={mutation.isPending}>
        {submitLabel}
      </Button>
    </form>
  );
}
