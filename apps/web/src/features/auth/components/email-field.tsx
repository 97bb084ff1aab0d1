import { Field, Input } from '@tessera/ui';

export interface EmailFieldProps {
  value: string;
  onChange: (email: string) => void;
  error?: string | null;
  /** `username` on the sign-in form so password managers pair it with the password. */
  autoComplete?: 'email' | 'username';
  autoFocus?: boolean;
}

/** The e-mail field shared by the sign-in, sign-up and mail-link forms. */
export function EmailField({ value, onChange, error, autoComplete = 'email', autoFocus }: EmailFieldProps) {
  return (
    <Field label="Email" error={error}>
      <Input
        type="email"
        name="email"
        autoComplete={autoComplete}
        inputMode="email"
        placeholder="you@company.com"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoFocus={autoFocus}
      />
    </Field>
  );
}
