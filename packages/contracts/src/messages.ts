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
  dataSources: {
    emptyText: 'Please enter some text',
    noFile: 'Please upload a file',
    fetchItemsFailed: 'Error fetching data items, try again later',
    deleteFailed: 'Failed to delete item, try again later',
    renameFailed: 'Failed to rename item, try again later',
    replaceFailed: 'Failed to replace item, try again later',
    saveFailed: 'Error saving data, please try again or contact support via chat',
    uploadDataFailed: 'Error uploading data, please try again or contact support via chat',
    /** `{size}` is replaced with the plan's limit, e.g. "5 MB" (code file-too-big). */
    fileTooBig: 'Failed to upload context, file size is too big (max {size})',
    csvInvalid: 'Failed to upload context, make sure your CSV file has column headers and a few rows',
    uploadFailed: 'Failed to upload context, try again later',
    dataLimitReached: 'The monthly data processing limit has been reached.',
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
  unsupportedFileType: 'This file type is not supported, upload a CSV, DOCX, PDF, TXT or Markdown file',
  fileTypeMismatch: 'The file content does not match its type, upload a valid {type} file',
  emptyFile: 'The file is empty',
  unreadableFile: 'This file could not be read, make sure it is not damaged or password protected',
  tooManyPages: 'Your plan allows files of at most {pages} page(s), upgrade to upload longer files',
  freeDataItemsLimit: 'Your plan allows one data item, upgrade to add more',
  dataItemsLimit: 'Your plan allows at most {n} data items',
  noTextFound: 'No text could be found in this file',
  invalidUrl: 'Enter a valid http(s) web address',
  connectorNotConfigured: 'This connector is not configured on this server',
  scrapeFailed: 'The web page could not be scraped',
  scraperUnavailable: 'The web scraper is not available on this server yet',
  replaceSameItem: 'Choose a different item to replace this one with',
} as const;
