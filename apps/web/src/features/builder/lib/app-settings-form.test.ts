import { describe, expect, it } from 'vitest';
import { APP_MESSAGES } from '@tessera/contracts';
import {
  canToggleSignup,
  isSignupFormDirty,
  settingsWithSignupForm,
  signupFormErrors,
  signupFormOf,
  type SignupForm,
} from './app-settings-form';

const filled: SignupForm = {
  isSignupEnabled: true,
  isUnconfirmedSignupAllowed: false,
  termsOfServiceLink: 'https://club.example/terms',
  privacyPolicyLink: 'https://club.example/privacy',
  supportEmail: 'help@club.example',
};

describe('the App settings sign-up form', () => {
  it('starts from the stored settings, whatever else they hold', () => {
    expect(signupFormOf({})).toEqual({
      isSignupEnabled: false,
      isUnconfirmedSignupAllowed: false,
      termsOfServiceLink: '',
      privacyPolicyLink: '',
      supportEmail: '',
    });
    expect(signupFormOf({ ...filled, supportEmail: null, isLoginRequired: true })).toEqual({
      ...filled,
      supportEmail: '',
    });
    expect(signupFormOf({ isSignupEnabled: 'yes' }).isSignupEnabled).toBe(false);
    // Confirmation is required unless the builder chose otherwise.
    expect(signupFormOf({ isUnconfirmedSignupAllowed: true }).isUnconfirmedSignupAllowed).toBe(true);
    expect(signupFormOf({ isUnconfirmedSignupAllowed: 'yes' }).isUnconfirmedSignupAllowed).toBe(false);
  });

  it('marks empty contacts as required only while sign-up is on or being turned on (docs/product/editor-and-chat.md#rules-and-messages)', () => {
    const empty = {
      isSignupEnabled: false,
      isUnconfirmedSignupAllowed: false,
      termsOfServiceLink: '',
      privacyPolicyLink: ' ',
      supportEmail: '',
    };
    expect(signupFormErrors(empty)).toEqual({});
    expect(signupFormErrors({ ...empty, isSignupEnabled: true })).toEqual({
      termsOfServiceLink: APP_MESSAGES.signupFieldRequired,
      privacyPolicyLink: APP_MESSAGES.signupFieldRequired,
      supportEmail: APP_MESSAGES.signupFieldRequired,
    });
    expect(signupFormErrors(filled)).toEqual({});
  });

  it('checks formats with the shared schema, on or off', () => {
    expect(
      signupFormErrors({
        ...filled,
        isSignupEnabled: false,
        termsOfServiceLink: 'club.example/terms',
        supportEmail: 'help',
      }),
    ).toEqual({
      termsOfServiceLink: 'Must be a web address starting with http:// or https://',
      supportEmail: 'Must be an e-mail address such as help@example.com',
    });
    expect(signupFormErrors({ ...filled, privacyPolicyLink: 'javascript:alert(1)' }).privacyPolicyLink).toBe(
      'Must be a web address starting with http:// or https://',
    );
  });

  it('saves the stored settings with the form over them, trimmed', () => {
    const stored = {
      isLoginRequired: true,
      paidMembershipsProduct: { id: 'p1', name: 'Pass' },
      isSignupEnabled: false,
    };
    expect(settingsWithSignupForm(stored, { ...filled, supportEmail: ' help@club.example ' })).toEqual({
      ...stored,
      ...filled,
    });
  });

  it('knows when the form differs from what is stored', () => {
    const stored: Record<string, unknown> = { ...filled, isLoginRequired: true };
    expect(isSignupFormDirty(filled, stored)).toBe(false);
    expect(isSignupFormDirty({ ...filled, supportEmail: ' help@club.example' }, stored)).toBe(false);
    expect(isSignupFormDirty({ ...filled, isSignupEnabled: false }, stored)).toBe(true);
    expect(isSignupFormDirty({ ...filled, isUnconfirmedSignupAllowed: true }, stored)).toBe(true);
    expect(isSignupFormDirty({ ...filled, termsOfServiceLink: '' }, stored)).toBe(true);
  });

  it('lets the toggle turn sign-up on only when published or on a custom domain, and off always (docs/product/editor-and-chat.md#states-and-transitions)', () => {
    expect(canToggleSignup({ isStoredOn: false, isPublished: false, hasCustomDomain: false })).toBe(false);
    expect(canToggleSignup({ isStoredOn: false, isPublished: true, hasCustomDomain: false })).toBe(true);
    expect(canToggleSignup({ isStoredOn: false, isPublished: false, hasCustomDomain: true })).toBe(true);
    expect(canToggleSignup({ isStoredOn: true, isPublished: false, hasCustomDomain: false })).toBe(true);
  });
});
