import { APP_MESSAGES, describeIssue } from '@tessera/contracts';
import { AppSettingsSchema, SIGNUP_REQUIRED_FIELDS, type SignupRequiredField } from '@tessera/contracts/apps';

/** What the App settings panel edits: sign-up and the contacts its login page shows (docs/product/editor-and-chat.md#data). */
export interface SignupForm {
  isSignupEnabled: boolean;
  /** New users are in before confirming their e-mail (off: they enter the mailed code first). */
  isUnconfirmedSignupAllowed: boolean;
  termsOfServiceLink: string;
  privacyPolicyLink: string;
  supportEmail: string;
}

export type SignupFormErrors = Partial<Record<SignupRequiredField, string>>;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The form's starting values from the stored settings (anything else in them is left alone). */
export function signupFormOf(settings: Record<string, unknown>): SignupForm {
  return {
    isSignupEnabled: settings.isSignupEnabled === true,
    isUnconfirmedSignupAllowed: settings.isUnconfirmedSignupAllowed === true,
    termsOfServiceLink: text(settings.termsOfServiceLink),
    privacyPolicyLink: text(settings.privacyPolicyLink),
    supportEmail: text(settings.supportEmail),
  };
}

export function isSignupFormDirty(form: SignupForm, settings: Record<string, unknown>): boolean {
  const stored = signupFormOf(settings);
  return (
    form.isSignupEnabled !== stored.isSignupEnabled ||
    form.isUnconfirmedSignupAllowed !== stored.isUnconfirmedSignupAllowed ||
    SIGNUP_REQUIRED_FIELDS.some((field) => form[field].trim() !== stored[field].trim())
  );
}

/**
 * The field errors the server would answer, found before asking it: the shared schema's format
 * checks on filled-in fields, and "required" for empty ones while sign-up is on or being turned on
 * (docs/product/editor-and-chat.md#rules-and-messages: empty fields are shown in red).
 */
export function signupFormErrors(form: SignupForm): SignupFormErrors {
  const errors: SignupFormErrors = {};
  for (const field of SIGNUP_REQUIRED_FIELDS) {
    const value = form[field].trim();
    if (value === '') {
      if (form.isSignupEnabled) errors[field] = APP_MESSAGES.signupFieldRequired;
      continue;
    }
    const parsed = AppSettingsSchema.shape[field].safeParse(value);
    // Shown under the field itself: the text says what is wrong without naming it again.
    if (!parsed.success) errors[field] = describeIssue(parsed.error.issues[0]!);
  }
  return errors;
}

/**
 * The whole settings object to save: the stored one with the form's values over it, since a save
 * replaces the app's settings (fields other panels keep, such as paid memberships, stay as they are).
 */
export function settingsWithSignupForm(settings: Record<string, unknown>, form: SignupForm): Record<string, unknown> {
  return {
    ...settings,
    isSignupEnabled: form.isSignupEnabled,
    isUnconfirmedSignupAllowed: form.isUnconfirmedSignupAllowed,
    termsOfServiceLink: form.termsOfServiceLink.trim(),
    privacyPolicyLink: form.privacyPolicyLink.trim(),
    supportEmail: form.supportEmail.trim(),
  };
}

/**
 * Whether the sign-up toggle may be used (docs/product/editor-and-chat.md#states-and-transitions): it needs a published app or a custom domain,
 * unless sign-up is already on (as stored), which can always be turned off.
 */
export function canToggleSignup({
  isStoredOn,
  isPublished,
  hasCustomDomain,
}: {
  isStoredOn: boolean;
  isPublished: boolean;
  hasCustomDomain: boolean;
}): boolean {
  return isStoredOn || isPublished || hasCustomDomain;
}
