import { isRouteErrorResponse, useRouteError } from 'react-router';
import { TriangleAlert } from 'lucide-react';
import { AuthLayout, Button } from '@tessera/ui';
import { NotFoundPage } from './not-found-page';

/** The router's error element: a crash in a page shows this instead of a blank screen. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (import.meta.env.DEV) console.error(error);
  return (
    <AuthLayout
      icon={<TriangleAlert />}
      title="Something went wrong"
      description="This page hit an unexpected error. Reloading usually fixes it; your work on the server is safe."
    >
      <div className="space-y-3">
        <Button size="lg" fullWidth onClick={() => window.location.reload()}>
          Reload the page
        </Button>
        <Button variant="secondary" size="lg" fullWidth onClick={() => window.location.assign('/')}>
          Go to your apps
        </Button>
      </div>
    </AuthLayout>
  );
}
