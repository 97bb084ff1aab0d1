/**
 * Every user-facing string the spec names, written once and shared by the server (API errors) and
 * the builder UI (toasts, inline errors). Tests assert these exact texts.
 */
export const MESSAGES = {
  signUp: {
    weakPassword: 'This password is too weak',
    emailInUse: 'This email is already in use, try logging in',
    invalidEmail: 'This email is invalid',
  },
  login: {
    invalidCredentials: 'Invalid email or password',
    userDisabled: 'User is disabled, contact us for more info',
    tooManyAttempts: 'Too many login attempts, try again later',
  },
  passwordReset: {
    invalidLink: 'Link invalid, try to reset your password again.',
    weakPassword: 'Password is too weak, please try again',
    userNotFound: 'User not found or disabled',
    failed: 'Error resetting password!',
    sendFailed:
      'Something went wrong sending password reset email. Please try again later or contact support',
  },
  magicLink: {
    invalidOrExpired: 'Invalid or expired magic link',
    invalidEmail: 'Invalid email address',
    emailRequired: 'Email is required to complete sign-in',
    sendFailed: 'Failed to send magic link. Please try again.',
    sent: 'Magic link sent! Check your email to continue.',
    signedIn: 'Successfully signed in!',
    signInFailed: 'Failed to sign in with magic link',
  },
  emailChange: {
    emailInUse: 'This email is already in use',
    failed:
      'Something went wrong when confirming email change. Please try again later or contact support',
    updated: 'Email updated',
  },
  database: {
    noEntities: 'No entities yet, use the chat to create one',
    createRowFailed: 'Failed to create row',
    updateRowFailed: 'Failed to update row',
    deleteRowFailed: 'Failed to delete row',
    noDataToExport: 'No data to export',
  },
  account: {
    createFailed: 'Something went wrong in creating account, try again later or contact us',
  },
} as const;

/** Our own messages, for cases the spec does not name. */
export const APP_MESSAGES = {
  unauthorized: 'Please sign in to continue',
  forbidden: 'You do not have access to this resource',
  notFound: 'Not found',
  routeNotFound: 'This API route does not exist',
  internal: 'Something went wrong on our side, please try again',
  invalidJson: 'The request body must be valid JSON',
  bodyTooLarge: 'The request body is too large',
  accountNotFound: 'No account yet for this user, create it first',
  emailNotVerified: 'Please verify your email address first',
  sameEmail: 'This is already your email address',
  currentPasswordWrong: 'Your current password is incorrect',
  passwordChanged: 'Password changed',
  verificationSent: 'Verification email sent',
  alreadyVerified: 'Your email is already verified',
  resetEmailSent: 'If an account exists for this email, a reset link is on its way.',
  passwordResetDone: 'Your password has been reset. Sign in with your new password.',
  emailChangeSent: 'Check your new inbox: we sent a link to confirm the change.',
  emailVerified: 'Email verified',
  verifyLinkInvalid: 'This verification link is invalid or has expired. Send a new one.',
  tooManyRequests: 'Too many requests, try again later',
  googleNotConfigured: 'Google sign-in is not configured on this server',
} as const;
