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
    sendFailed: 'Something went wrong sending password reset email. Please try again later or contact support',
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
    failed: 'Something went wrong when confirming email change. Please try again later or contact support',
    updated: 'Email updated',
  },
  database: {
    noEntities: 'No entities yet, use the chat to create one',
    createRowFailed: 'Failed to create row',
    updateRowFailed: 'Failed to update row',
    deleteRowFailed: 'Failed to delete row',
    accessChangeFailed: 'Failed to request access control change',
    noDataToExport: 'No data to export',
  },
  /** CSV import wizard (docs/product/database.md#errors); `{n}`, `{failed}`, `{total}` are filled in by the wizard. */
  csvImport: {
    parseFailed: 'Failed to parse CSV file. Please check the format.',
    mappingFallback: "Couldn't generate AI mapping suggestions. Using basic mapping instead.",
    importFailed: 'Failed to import data. Please try again.',
    importPartial: 'Import completed with {failed} failed rows out of {total} total',
    importSuccess: 'Successfully imported all {n} rows',
  },
  account: {
    createFailed: 'Something went wrong in creating account, try again later or contact us',
  },
  chat: {
    emptyTitle: 'Start a conversation',
    emptyHint: 'Ask for new features or modifications to your app',
    builderLimit: 'You have reached your builder chat messages limit. Please upgrade your plan to continue.',
    /** `{n}` is the daily limit. */
    dailyLimit:
      'You have reached your daily limit of {n} messages. Please try again tomorrow or upgrade to a paid plan to remove daily limit.',
    rateLimited: 'Rate limit exceeded. Please try again later.',
    failed: 'An error occurred while processing your request please try again later',
    truncated: 'The output was too long for one iteration',
    /** A turn that finished after the builder edited some of its files by hand (ours; the spec has none). */
    handEditsKept:
      'Your edits to {files} were kept: you changed them by hand while this reply was written, so its changes to them were not applied.',
    /** A turn cut by a server restart after the shutdown grace (ours; the spec has none). */
    interrupted:
      'This answer was interrupted because the server restarted. What was written so far is kept: continue to finish it.',
    /** A turn whose server process stopped without a shutdown (ours). */
    turnLost:
      'This answer stopped because the server writing it went away. What was written so far is kept: continue to finish it.',
    /** A repair step of a turn (ours): `{problems}` is "1 problem" or "N problems". */
    repairing: 'Found {problems} in the changes: fixing them (step {step} of {max})',
    /** A turn that made a version without what was still broken after its repair steps (ours). */
    partlyRefused: 'Some changes were not applied: {problems} remained after the repair steps',
    /** A turn none of whose changes could be applied (ours). */
    refused: 'The changes were not applied: {problems} remained after the repair steps',
    keepGoing: "Let's keep going",
    fixErrorsSuffix: 'please help me fix these errors',
    switchToLatest: 'Switch to latest version',
    stayOnVersion: 'Stay on this version',
    restoreFailed: 'Failed to restore version',
    noMessageForVersion: 'No message ID found for this version',
    waitForDiff: 'Wait for the changes to complete before viewing the diff',
    waitForPermissions: 'Please wait for chat to finish before updating permissions',
    noChanges: 'No changes found between versions',
    validateFailed: 'Error: Failed to validate',
    unsavedChanges: 'You have unsaved changes! Are you sure you want to leave?',
    analyticsUnpublished: 'Publish your app to access analytics',
    fileNotFound: 'File not found',
    appIdMissing: 'App ID is not set',
    lookupMissing: 'Either id or slug must be provided',
    linkCopied: 'Link copied!',
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
  /** The code editor (docs/product/editor-and-chat.md#errors); `{name}` is the deleted file's name. */
  codeEditor: {
    saveFailed: 'Failed to save file',
    deleteFailed: 'Failed to delete file',
    deleted: 'Deleted {name}',
    loadFailed: 'Could not load code. Please try again.',
    entityReadOnly: 'Entity files are read-only: change tables in the Database panel',
    adminsOnly: 'Only admins can edit the code of space apps',
    noCode: 'Single tools have no code to edit',
    fileNotFound: 'This file does not exist',
    fileExists: 'A file with this path already exists',
    manifestRequired: 'app.json cannot be deleted: it holds the app name and main page',
  },
} as const;

/** Our own messages, for cases the spec does not name. */
export const APP_MESSAGES = {
  unauthorized: 'Please sign in to continue',
  forbidden: 'You do not have access to this resource',
  notFound: 'Not found',
  appNotFound: 'App not found',
  routeNotFound: 'This API route does not exist',
  internal: 'Something went wrong on our side, please try again',
  queryTimeout: 'This request took too long and was stopped. Try a narrower search or a smaller page.',
  databaseUnavailable: 'The database cannot be reached right now. Please try again in a moment.',
  draining: 'The server is restarting. Please try again in a moment.',
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
  /** `{size}` is the plan's unpacked-size limit, e.g. "20 MB". */
  fileTooLargeUnpacked: 'This file is too large once unpacked (more than {size}), upload a smaller file',
  fileTooManyParts: 'This file is made of too many parts (more than {n}), upload a simpler file',
  fileTooComplex:
    'This file needs more memory or time to read than the server allows, upload a smaller or simpler file',
  pageTooLarge: 'This web page is too large to read (more than {size})',
  pageTooManyElements: 'This web page has too many elements to read (more than {n})',
  pageTooComplex: 'This web page needs more memory or time to read than the server allows',
  tooManyPages: 'Your plan allows files of at most {pages} page(s), upgrade to upload longer files',
  freeDataItemsLimit: 'Your plan allows one data item, upgrade to add more',
  dataItemsLimit: 'Your plan allows at most {n} data items',
  noTextFound: 'No text could be found in this file',
  invalidUrl: 'Enter a valid http(s) web address',
  connectorNotConfigured: 'This connector is not configured on this server',
  connectorFailed: 'The connected service could not be read, try again later',
  scrapeFailed: 'The web page could not be scraped',
  scraperUnavailable: 'The web scraper is not available on this server yet',
  replaceSameItem: 'Choose a different item to replace this one with',
  /** App settings (docs/product/editor-and-chat.md#data): the sign-up rules and the plan gate, said by the server and the panel alike. */
  appSettingsPlanRequired: 'App settings of generated apps need the Moon plan or above, upgrade your plan to edit them',
  signupNeedsPublish:
    'Publish your app first: sign-up can be turned on once the app is published or has its own domain',
  /** `{fields}` lists what is missing: "a terms of service link and a support e-mail". */
  signupNeedsFields: 'Sign-up needs {fields}',
  signupFieldRequired: 'Required while sign-up is on',
  appSettingsSaved: 'App settings saved',
  appSettingsSaveFailed: 'Failed to save app settings',
} as const;
