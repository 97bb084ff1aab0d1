import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { APP_MESSAGES } from '@tessera/contracts';
import { PASSWORD_HINT } from '@tessera/contracts/auth';
import { Alert, Button, Card, CardContent, CardFooter, Field, PasswordInput, toast } from '@tessera/ui';
import { isApiError } from '../../../shared/api';
import { changePassword } from '../api/settings';

type Errors = { current?: string; next?: string; form?: string };

function changePasswordErrors(err: unknown): Errors {
  if (!isApiError(err)) return { form: 'Something went wrong, please try again' };
  if (err.isNetwork) return {};
  if (err.message === APP_MESSAGES.currentPasswordWrong) return { current: err.message };
  if (err.code === 'WEAK_PASSWORD') return { next: err.message };
  return { form: err.message };
}

export function ChangePasswordForm() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [localErrors, setLocalErrors] = useState<Errors>({});
  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      toast.success(APP_MESSAGES.passwordChanged);
      setCurrentPassword('');
      setNewPassword('');
    },
  });

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const next: Errors = {
      current: currentPassword ? undefined : 'Enter your current password',
      next: newPassword ? undefined : 'Choose a new password',
    };
    setLocalErrors(next);
    if (next.current || next.next) return;
    mutation.mutate({ currentPassword, newPassword });
  }

  const serverErrors = mutation.isError ? changePasswordErrors(mutation.error) : {};
  const errors: Errors = {
    current: localErrors.current ?? serverErrors.current,
    next: localErrors.next ?? serverErrors.next,
    form: serverErrors.form,
  };

  return (
    <Card>
      <form onSubmit={handleSubmit} noValidate>
        {/* Lets password managers tie the new password to the account. */}
        <input type="text" name="username" autoComplete="username" hidden readOnly />
        <CardContent className="space-y-4">
          <Field label="Current password" error={errors.current}>
            <PasswordInput
              name="currentPassword"
              autoComplete="current-password"
              value={currentPassword}
              onChange={(e) => setCurrentPassword(e.target.value)}
            />
          </Field>
          <Field label="New password" hint={PASSWORD_HINT} error={errors.next}>
            <PasswordInput
              name="newPassword"
              autoComplete="new-password"
              value={newPassword}
              onChange={(e) => setNewPassword(e.target.value)}
            />
          </Field>
          {errors.form && <Alert tone="error">{errors.form}</Alert>}
        </CardContent>
        <CardFooter align="between">
          <p className="text-[13px] text-ink-subtle">Other devices will be signed out.</p>
          <Button type="submit" loading={mutation.isPending}>
            Update password
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
