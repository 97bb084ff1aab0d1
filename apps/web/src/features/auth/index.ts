export { LoginPage } from './routes/login-page';
export { VerifyEmailPage } from './routes/verify-email-page';
export { AuthHandlerPage } from './routes/auth-handler-page';
export { LogoutPage } from './routes/logout-page';
export { resolveNavigation, type NavigationInput } from './lib/navigation';
