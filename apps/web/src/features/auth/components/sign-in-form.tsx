import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { Button, Field, PasswordInput } from '@tessera/ui';
import { signInWithPassword } from '../api/auth';
import { EmailField } from './email-field';
import { FormError, formErrorOf } from './form-error';

export interface SignInFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  /** Called once the token is stored; finishes the sign-in (account, redirect). */
  onSignedIn: () => void;
  forgotPasswordHref: string;
}

export function SignInForm({ email, onEmailChange, onSignedIn, forgotPasswordHref }: SignInFormProps) {
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});
  const mutation = useMutation({ mutationFn: signInWithPassword, onSuccess: onSignedIn });

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const errors = {
      email: email.trim() ? undefined : 'Enter your email address',
      password: password ? undefined : 'Enter your password',
    };
    setFieldErrors(errors);
    if (errors.email || errors.password) return;
    mutation.mutate({ email: email.trim(), password });
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4">
      <EmailField value={email} onChange={onEmailChange} error={fieldErrors.email} autoComplete="username" autoFocus />
      <Field
        label="Password"
        error={fieldErrors.password}
        labelAction={
          <Link
            to={forgotPasswordHref}
            className="text-[13px] font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            Forgot password?
          </Link>
        }
      >
        <PasswordInput
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </Field>
      <FormError message={mutation.isError ? formErrorOf(mutation.error) : null} />
      <Button type="submit" size="lg" fullWidth loading={mutation.isPending || mutation.isSuccess}>
        Sign in
      </Button>
    </form>
  );
}
