import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { BILLING_MESSAGES } from '@tessera/contracts/plans';
import { toast } from '@tessera/ui';
import { ACCOUNT_QUERY_KEY, planLabel } from '../../account';
import { errorMessage } from '../../../shared/api';
import { useSession } from '../../../shared/session';
import { BILLING_SUBSCRIPTION_QUERY_KEY, claimGumroadSale } from '../api/plans';
import { closeUpgradeDialog, openUpgradeDialog, useUpgradeRequest } from '../lib/upgrade-store';
import { UpgradeDialog } from './upgrade-dialog';

/** Pages where `sale_id` belongs to the sign-in flow (account creation claims it there). */
const SIGN_IN_PATHS = ['/login', '/auth/'];

/**
 * The page's one upgrade dialog, opened by openUpgradeDialog (any limit) and by
 * `?goto=upgrade_app_plan`; also claims a Gumroad `sale_id` a signed-in builder comes back with.
 */
export function UpgradeHost() {
  const request = useUpgradeRequest();
  const { user } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const claimed = useRef<string | null>(null);

  useEffect(() => {
    if (!user) return;
    const params = new URLSearchParams(location.search);
    const goto = params.get('goto') === 'upgrade_app_plan';
    const saleId = SIGN_IN_PATHS.some((p) => location.pathname.startsWith(p)) ? null : params.get('sale_id');
    if (!goto && !saleId) return;
    params.delete('goto');
    params.delete('sale_id');
    const search = params.toString();
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true },
    );
    if (goto) openUpgradeDialog();
    if (saleId && claimed.current !== saleId) {
      claimed.current = saleId;
      claimGumroadSale(saleId)
        .then((account) => {
          queryClient.setQueryData(ACCOUNT_QUERY_KEY, account);
          void queryClient.invalidateQueries({ queryKey: BILLING_SUBSCRIPTION_QUERY_KEY });
          toast.success(BILLING_MESSAGES.planChanged.replace('{plan}', planLabel(account.plan)));
        })
        .catch((err) => toast.error(errorMessage(err)));
    }
  }, [user, location.pathname, location.search, location.hash, navigate, queryClient]);

  return (
    <UpgradeDialog
      open={request !== null && Boolean(user)}
      reason={request?.reason}
      message={request?.message}
      onClose={closeUpgradeDialog}
    />
  );
}
