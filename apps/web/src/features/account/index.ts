export { useCurrentAccount, planLabel, createAccount, ACCOUNT_QUERY_KEY } from './api/account';
export { usePostSignIn, type PostSignInOptions } from './hooks/use-post-sign-in';
export { createAccountWithRetries } from './lib/create-account-flow';
export { UnauthorizedPage } from './routes/unauthorized-page';
