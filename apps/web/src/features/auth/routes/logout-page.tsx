import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { AuthLayout, Spinner } from '@tessera/ui';
import { useDocumentTitle } from '../../../shared/hooks';
import { signOut } from '../../../shared/session';

let signingOut: Promise<void> | null = null;

/** `/logout`: ends the session on the server, forgets the token and goes to /login. */
export function LogoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useDocumentTitle('Signing out');

  useEffect(() => {
    let isCancelled = false;
    signingOut ??= signOut(queryClient).finally(() => {
      signingOut = null;
    });
    void signingOut.then(() => {
      if (!isCancelled) navigate('/login', { replace: true });
    });
    return () => {
      isCancelled = true;
    };
  }, [navigate, queryClient]);

  return (
    <AuthLayout title="Signing you out" description="See you soon.">
      <div className="flex justify-center py-6 text-brand-600">
        <Spinner size={28} label="Signing out" />
      </div>
    </AuthLayout>
  );
}
