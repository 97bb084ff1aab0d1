import { createBrowserRouter } from 'react-router';
import { UnauthorizedPage } from '../features/account';
import { AdminPage } from '../features/admin';
import { AnalyticsPage } from '../features/analytics';
import { BuilderPage } from '../features/builder';
import { AuthHandlerPage, LoginPage, LogoutPage, VerifyEmailPage } from '../features/auth';
import { DevMailPage } from '../features/dev-mail';
import { HomePage } from '../features/home';
import { JoinPlanPage } from '../features/plans';
import { SettingsPage } from '../features/settings';
import { ClaimPage, ToolBuilderPage } from '../features/tools';
import { AppShell } from './app-shell';
import { RouteErrorBoundary } from './error-boundary';
import { NotFoundPage } from './not-found-page';
import { RootLayout } from './root-layout';

/** Every route of the builder (docs/product/accounts-and-plans.md#screens-and-routes). The root layout applies the navigation rules. */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteErrorBoundary />,
    children: [
      { path: '/', element: null },
      { path: '/login', element: <LoginPage /> },
      { path: '/logout', element: <LogoutPage /> },
      { path: '/auth/verifyEmail', element: <VerifyEmailPage /> },
      { path: '/auth/handler', element: <AuthHandlerPage /> },
      { path: '/error/unauthorized', element: <UnauthorizedPage /> },
      { path: '/dev/mail', element: <DevMailPage /> },
      { path: '/joinPlan', element: <JoinPlanPage /> },
      { path: '/claim/:appId', element: <ClaimPage /> },
      { path: '/build/app/:appId', element: <BuilderPage /> },
      // A single tool's tools page, or a generated app's editor with App tools open (BuilderPage decides).
      { path: '/build/app/:appId/tools', element: <BuilderPage /> },
      { path: '/build/app/:appId/tool/:toolId', element: <ToolBuilderPage /> },
      { path: '/build/app/:appId/:pageName', element: <BuilderPage /> },
      { path: '/analytics/app/:appId', element: <AnalyticsPage /> },
      {
        element: <AppShell />,
        children: [
          { path: '/home', element: <HomePage /> },
          { path: '/settings', element: <SettingsPage /> },
          { path: '/admin', element: <AdminPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
