import { describe, expect, it } from 'vitest';
import { AppSettingsSchema, isHttpUrl, signupNeedsFieldsMessage, signupRequirementsMissing } from './apps';
import { canEditAppSettings, isPlanAtLeast } from './plans';

describe('app settings (docs/product/editor-and-chat.md#data)', () => {
  it('takes only absolute http(s) links with a host', () => {
    for (const ok of ['https://example.com/terms', 'http://club.example/privacy?x=1', 'HTTPS://EXAMPLE.COM'])
      expect(isHttpUrl(ok), ok).toBe(true);
    for (const bad of [
      'example.com/terms',
      '/terms',
      'javascript:alert(1)',
      'mailto:help@example.com',
      'ftp://example.com',
      'https://',
      'http:/example.com',
      '',
    ]) {
      expect(isHttpUrl(bad), bad).toBe(false);
    }
  });

  it('checks the sign-up fields, trims them, and keeps everything else as given', () => {
    const parsed = AppSettingsSchema.parse({
      termsOfServiceLink: ' https://example.com/terms ',
      supportEmail: '',
      privacyPolicyLink: null,
      isLoginRequired: true,
      paidMembershipsProduct: { id: 'p', name: 'Pass', extra: 1 },
    });
    expect(parsed).toEqual({
      termsOfServiceLink: 'https://example.com/terms',
      supportEmail: '',
      privacyPolicyLink: null,
      isLoginRequired: true,
      paidMembershipsProduct: { id: 'p', name: 'Pass', extra: 1 },
    });
    expect(AppSettingsSchema.safeParse({ supportEmail: 'help' }).success).toBe(false);
    expect(AppSettingsSchema.safeParse({ privacyPolicyLink: 'privacy' }).success).toBe(false);
    expect(AppSettingsSchema.safeParse({ isSignupEnabled: 'true' }).success).toBe(false);
  });

  it('names what sign-up still needs', () => {
    expect(
      signupRequirementsMissing({
        termsOfServiceLink: 'https://example.com/terms',
        privacyPolicyLink: ' ',
        supportEmail: null,
      }),
    ).toEqual(['privacyPolicyLink', 'supportEmail']);
    expect(signupNeedsFieldsMessage(['supportEmail'])).toBe('Sign-up needs a support e-mail');
    expect(signupNeedsFieldsMessage(['termsOfServiceLink', 'supportEmail'])).toBe(
      'Sign-up needs a terms of service link and a support e-mail',
    );
    expect(signupNeedsFieldsMessage(['termsOfServiceLink', 'privacyPolicyLink', 'supportEmail'])).toBe(
      'Sign-up needs a terms of service link, a privacy policy link and a support e-mail',
    );
  });

  it('gates App settings of generated apps on admin or MOON and above only', () => {
    expect(isPlanAtLeast('moon', 'moon')).toBe(true);
    expect(isPlanAtLeast('monetizer', 'moon')).toBe(false);
    for (const plan of ['lite', 'explorer', 'monetizer'] as const) {
      expect(canEditAppSettings({ kind: 'generated', plan, isAdmin: false }), plan).toBe(false);
      expect(canEditAppSettings({ kind: 'generated', plan, isAdmin: true }), plan).toBe(true);
      expect(canEditAppSettings({ kind: 'tool', plan, isAdmin: false }), plan).toBe(true);
      expect(canEditAppSettings({ kind: 'space', plan, isAdmin: false }), plan).toBe(true);
    }
    expect(canEditAppSettings({ kind: 'generated', plan: 'moon', isAdmin: false })).toBe(true);
  });
});
