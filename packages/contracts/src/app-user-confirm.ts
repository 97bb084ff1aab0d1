/**
 * End users confirm their e-mail address with a one-time code (docs/product/runtime.md#end-user-confirmation).
 * Zod-free on purpose: the browser runtime's login page bundles this file.
 */

/** Digits in a confirmation code. */
export const APP_CODE_LENGTH = 6;
/** A code works this long after it is mailed. */
export const APP_CODE_TTL_S = 15 * 60;
/** Wrong guesses a code survives; then it is dead and a new one must be sent. */
export const APP_CODE_MAX_ATTEMPTS = 5;
/** A new code for one account at most this often... */
export const APP_CODE_RESEND_INTERVAL_S = 60;
/** ...and at most this many an hour. */
export const APP_CODES_PER_HOUR = 5;
/**
 * Mails of apps (codes, resets, invitations, Core.SendEmail) one address may get per hour, over all
 * apps together; counted apart from builder account mails, which app mails never use up.
 */
export const APP_MAILS_PER_ADDRESS_PER_HOUR = 10;

/** What sign-up answers while the app asks new users to confirm their address: no session yet. */
export interface AppConfirmationPending {
  confirmationRequired: true;
  email: string;
}

/** Texts of end-user confirmation, said by the server, the app's login page and App settings alike. */
export const APP_CONFIRM_MESSAGES = {
  title: 'Confirm your e-mail',
  /** `{email}`: where the code went. */
  codeSent: 'We sent a 6-digit code to {email}. Enter it to confirm your e-mail address.',
  codeLabel: 'Code from the e-mail',
  confirm: 'Confirm',
  resend: 'Send a new code',
  resent: 'If this address has an account waiting for confirmation, a new code is on its way.',
  /** Sign-in with the right password but an unconfirmed address (403 EMAIL_NOT_VERIFIED). */
  confirmFirst: 'Confirm your e-mail address first: enter the code we sent you',
  codeFormat: 'Enter the 6-digit code from the e-mail',
  codeWrong: 'This code is not right, check the e-mail and try again',
  codeExpired: 'This code has expired or was already used: send a new one',
  tooManyAttempts: 'Too many wrong codes: send a new one',
  resendTooSoon: 'A code was sent less than a minute ago: wait a moment before asking for another',
  /** The rules that trust an address refuse an unconfirmed one. */
  sendEmailUnconfirmed: 'This user has not confirmed their e-mail address yet, so the app cannot e-mail them',
  membershipUnconfirmed: 'Confirm your e-mail address to get a membership bought with it',
  inviterUnconfirmed: 'Confirm your e-mail address before inviting people',
  inviteUnconfirmedAccount:
    'This address already has an account that is not confirmed yet. Its owner can confirm it with the code, or take it over with "Forgot your password?"',
  /** App settings' switch (off by default: confirmation required). */
  settingLabel: 'Let new users in before they confirm their e-mail',
  settingHelp:
    'Off (recommended): new users enter a 6-digit code we e-mail them before they can sign in. On: they are in right after signing up, but until they confirm, the app cannot e-mail them, memberships bought with their address are not given to them, and their address cannot be invited.',
} as const;
