import { useState } from 'react';
import { APP_MESSAGES } from '@tessera/contracts';
import {
  APP_SETTINGS_LINK_MAX_LENGTH,
  SIGNUP_FIELD_LABELS,
  SIGNUP_REQUIRED_FIELDS,
  isHttpUrl,
  signupNeedsFieldsMessage,
  signupRequirementsMissing,
  type SignupRequiredField,
} from '@tessera/contracts/apps';
import { EMAIL_MAX_LENGTH, isValidEmail } from '@tessera/contracts/auth';
import { Field, Input } from '@tessera/ui';
import { PanelSection, ToggleRow } from './panel-bits';

const PLACEHOLDERS: Record<SignupRequiredField, string> = {
  termsOfServiceLink: 'https://example.com/terms',
  privacyPolicyLink: 'https://example.com/privacy',
  supportEmail: 'help@example.com',
};

const isValidContact = (field: SignupRequiredField, value: string) =>
  field === 'supportEmail' ? isValidEmail(value) : isHttpUrl(value);

export interface SignupSectionProps {
  settings: Record<string, unknown>;
  onChange: (settings: Record<string, unknown>) => void;
  /** A single tool counts as published once one of its tools is live. */
  isLive: boolean;
}

/**
 * End users' sign-up on the tool page (docs/product/tools.md#roles-and-permissions): it needs a live
 * tool and the three contacts its login page shows. A contact is saved once it is a whole address
 * (or empty); the switch turns on only when all three are there.
 */
export function SignupSection({ settings, onChange, isLive }: SignupSectionProps) {
  const [texts, setTexts] = useState<Record<SignupRequiredField, string>>(
    () =>
      Object.fromEntries(
        SIGNUP_REQUIRED_FIELDS.map((f) => [f, typeof settings[f] === 'string' ? (settings[f] as string) : '']),
      ) as Record<SignupRequiredField, string>,
  );
  const isOn = settings.isSignupEnabled === true;
  const missing = signupRequirementsMissing(settings);
  const blockedBy = isOn
    ? null
    : !isLive
      ? APP_MESSAGES.signupNeedsPublish
      : missing.length > 0
        ? signupNeedsFieldsMessage(missing)
        : null;

  function setContact(field: SignupRequiredField, value: string) {
    setTexts((t) => ({ ...t, [field]: value }));
    const trimmed = value.trim();
    if (trimmed === '' || isValidContact(field, trimmed)) onChange({ ...settings, [field]: trimmed });
  }

  function errorOf(field: SignupRequiredField): string | undefined {
    const value = texts[field].trim();
    if (value === '') return isOn ? APP_MESSAGES.signupFieldRequired : undefined;
    if (isValidContact(field, value)) return undefined;
    return field === 'supportEmail'
      ? 'Enter an e-mail address such as help@example.com'
      : 'Enter a web address starting with http:// or https://';
  }

  return (
    <PanelSection title="End users" hint="Signed-up users get remembered fields and credits.">
      <ToggleRow
        label="Let users sign up"
        hint={blockedBy ?? 'Sign-up and sign-in links show on the tool page.'}
        checked={isOn}
        disabled={blockedBy !== null}
        onCheckedChange={(isSignupEnabled) => onChange({ ...settings, isSignupEnabled })}
      />
      {SIGNUP_REQUIRED_FIELDS.map((field) => (
        <Field key={field} label={SIGNUP_FIELD_LABELS[field]} error={errorOf(field)}>
          <Input
            type={field === 'supportEmail' ? 'email' : 'url'}
            value={texts[field]}
            placeholder={PLACEHOLDERS[field]}
            maxLength={field === 'supportEmail' ? EMAIL_MAX_LENGTH : APP_SETTINGS_LINK_MAX_LENGTH}
            onChange={(e) => setContact(field, e.target.value)}
          />
        </Field>
      ))}
    </PanelSection>
  );
}
