import { Link } from 'react-router';
import { Compass } from 'lucide-react';
import { AuthLayout, Button } from '@tessera/ui';
import { useDocumentTitle } from '../shared/hooks';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <AuthLayout
      icon={<Compass />}
      title="Page not found"
      description="The page you’re looking for doesn’t exist or has moved. Check the address, or head back to your apps."
      renderLogo={(logo) => (
        <Link to="/" aria-label="Tessera home">
          {logo}
        </Link>
      )}
    >
      <Button asChild size="lg" fullWidth>
        <Link to="/">Go to your apps</Link>
      </Button>
    </AuthLayout>
  );
}
