import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { APP_MESSAGES } from '@tessera/contracts';
import { PASSWORD_HINT } from '@tessera/contracts/auth';
import { Button, Field, PasswordInput, toast } from '@tessera/ui';
import { isApiError } from '../../../shared/api';
import { refreshSession } from '../../../shared/session';
import { resetPassword } from '../api/auth';
import { FormError, formErrorOf } from './form-error';

/** The "choose a new password" step of a reset link. */
export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: resetPassword,
    onSuccess: async () => {
      // The reset signs the account out everywhere: drop this tab's session if it was one of them.
      await refreshSession(queryClient).catch(() => null);
      toast.success(APP_MESSAGES.passwordResetDone);
      navigate('/login', { replace: true });
    },
    onError: (err) => {
      // docs/product/accounts-and-plans.md#rules-and-messages: an expired or invalid link sends the user back to login to start again.
      if (isApiError(err) && err.code === 'INVALID_LINK') {
        toast.error(err.message);
        navigate('/login?view=forgot', { replace: true });
      }
    },
  });

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setLocalError('Choose a new password');
      return;
    }
    setLocalError(null);
    mutation.mutate({ token, newPassword: password });
  }

  const error = mutation.isError ? mutation.error : null;
  const fieldError = localError ?? (isApiError(error) && error.code === 'WEAK_PASSWORD' ? error.message : null);
  const formError =
    error && !fieldError && !(isApiError(error) && error.code === 'INVALID_LINK') ? formErrorOf(error) : null;

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4">
      <Field label="New password" hint={PASSWORD_HINT} error={fieldError}>
        <PasswordInput
          name="newPassword"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoFocus
        />
      </Field>
      <FormError message={formError} />
      <Button type="submit" size="lg" fullWidth loading={mutation.isPending || mutation.isSuccess}>
        Save new password
      </Button>
    </form>
  );
}
