import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { MESSAGES } from '@tessera/contracts';
import { Alert, Button, Card, CardContent, CardFooter, Field, Input } from '@tessera/ui';
import { isApiError } from '../../../shared/api';
import { requestEmailChange } from '../api/settings';

/** docs/product/accounts-and-plans.md#calls: a conflict has its own text; other failures show the server's, else the generic one. */
function changeEmailError(err: unknown): string | null {
  if (!isApiError(err)) return MESSAGES.emailChange.failed;
  if (err.isNetwork) return null;
  if (err.code === 'auth/email-already-exists' || err.status === 409) return MESSAGES.emailChange.emailInUse;
  return err.message || MESSAGES.emailChange.failed;
}

export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const [newEmail, setNewEmail] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: requestEmailChange,
    // The confirmation stays on the card (it matters until the mail is opened), so no toast.
    onSuccess: () => setNewEmail(''),
  });

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!newEmail.trim()) {
      setLocalError('Enter the new email address');
      return;
    }
    setLocalError(null);
    mutation.mutate(newEmail.trim());
  }

  const error = localError ?? (mutation.isError ? changeEmailError(mutation.error) : null);

  return (
    <Card>
      <form onSubmit={handleSubmit} noValidate>
        <CardContent className="space-y-4">
          <Field
            label="New email address"
            hint={
              <>
                Currently <span className="font-medium text-ink-muted">{currentEmail}</span>
              </>
            }
            error={error}
          >
            <Input
              type="email"
              name="newEmail"
              autoComplete="email"
              inputMode="email"
              placeholder="you@newcompany.com"
              value={newEmail}
              onChange={(e) => {
                setNewEmail(e.target.value);
                if (mutation.isSuccess) mutation.reset();
              }}
            />
          </Field>
          {mutation.isSuccess && (
            <Alert tone="success" title={`Confirmation sent to ${mutation.variables}`}>
              {mutation.data.message}
            </Alert>
          )}
        </CardContent>
        <CardFooter>
          <Button type="submit" loading={mutation.isPending}>
            Send confirmation link
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
