import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { PASSWORD_HINT } from '@tessera/contracts/auth';
import { Button, Field, Input, PasswordInput } from '@tessera/ui';
import { isApiError } from '../../../shared/api';
import { signUp } from '../api/auth';
import { EmailField } from './email-field';
import { FormError, formErrorOf } from './form-error';

export interface SignUpFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  /** Where the verification mail's link continues to. */
  continueUrl: string;
  onSignedIn: () => void;
}

type FieldErrors = { email?: string; password?: string };

/** Errors the server ties to one field show under it; the rest above the button. */
function splitError(err: unknown): { field: FieldErrors; form: string | null } {
  if (isApiError(err) && (err.code === 'INVALID_EMAIL' || err.code === 'EMAIL_IN_USE'))
    return { field: { email: err.message }, form: null };
  if (isApiError(err) && err.code === 'WEAK_PASSWORD') return { field: { password: err.message }, form: null };
  return { field: {}, form: formErrorOf(err) };
}

export function SignUpForm({ email, onEmailChange, continueUrl, onSignedIn }: SignUpFormProps) {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  const mutation = useMutation({ mutationFn: signUp, onSuccess: onSignedIn });
  const serverErrors = mutation.isError ? splitError(mutation.error) : { field: {}, form: null };
  const errors: FieldErrors = {
    ...serverErrors.field,
    ...Object.fromEntries(Object.entries(localErrors).filter(([, v]) => v)),
  };

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const next = {
      email: email.trim() ? undefined : 'Enter your email address',
      password: password ? undefined : 'Choose a password',
    };
    setLocalErrors(next);
    if (next.email || next.password) return;
    mutation.reset();
    mutation.mutate({ name: name.trim() || undefined, email: email.trim(), password, callbackURL: continueUrl });
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4">
      <Field label="Name" optional>
        <Input
          name="name"
          autoComplete="name"
          placeholder="Ada Lovelace"
          value={name}
          onChange={(e) => setName(e.target.value)}
          autoFocus
        />
      </Field>
      <EmailField value={email} onChange={onEmailChange} error={errors.email} />
      <Field label="Password" hint={PASSWORD_HINT} error={errors.password}>
        <PasswordInput
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </Field>
      <FormError message={serverErrors.form} />
      <Button type="submit" size="lg" fullWidth loading={mutation.isPending || mutation.isSuccess}>
        Create account
      </Button>
      <p className="text-center text-xs leading-relaxed text-ink-faint">
        We’ll send you an email to confirm your address.
      </p>
    </form>
  );
}
