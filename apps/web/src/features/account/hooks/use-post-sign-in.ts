import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@tessera/contracts';
import { safeRelativePath } from '@tessera/contracts/auth';
import { toast } from '@tessera/ui';
import { isApiError } from '../../../shared/api';
import { refreshSession, signOut } from '../../../shared/session';
import { ACCOUNT_QUERY_KEY, createAccount } from '../api/account';
import { createAccountWithRetries } from '../lib/create-account-flow';

export interface PostSignInOptions {
  /** Where to go next (redirectTo / continueUrl); only same-site paths are followed. */
  target?: string | null;
  /** The sale_id query parameter of the sign-in page, if any. */
  saleId?: string | null;
  /** A toast to show once the user lands (e.g. "Successfully signed in!"). */
  successMessage?: string;
}

/**
 * What every sign-in ends with (password, magic link, verification, Google): load the session,
 * create the account (with the sale_id delay and 401 retries), then go to the target or /home.
 * When the account cannot be created the user lands on /error/unauthorized, signed out.
 */
export function usePostSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  return useCallback(
    async ({ target, saleId, successMessage }: PostSignInOptions = {}): Promise<boolean> => {
      const session = await refreshSession(queryClient).catch(() => null);
      const outcome = session
        ? await createAccountWithRetries({
            create: () => createAccount(saleId),
            isUnauthorized: (err) => isApiError(err) && err.status === 401,
            hasSaleId: Boolean(saleId),
          })
        : null;
      if (outcome?.ok) {
        queryClient.removeQueries({ queryKey: ACCOUNT_QUERY_KEY });
        if (successMessage) toast.success(successMessage);
        navigate(safeRelativePath(target, '/home'), { replace: true });
        return true;
      }
      const params = new URLSearchParams({ reason: 'account' });
      if (saleId) params.set('paymentId', saleId);
      navigate(`/error/unauthorized?${params}`, { replace: true });
      await signOut(queryClient);
      toast.error(MESSAGES.account.createFailed);
      return false;
    },
    [navigate, queryClient],
  );
}
