import { useQuery } from '@tanstack/react-query';
import { TOOL_ROUTES } from '@tessera/contracts/tools';
import { callRoute } from '../../../shared/api';

/** `GET /api/apps/{appId}/claim?code=…`: the app an invite link offers (docs/product/tools.md#claim-invitation). */
export function useClaimPreview(appId: string, code: string) {
  return useQuery({
    queryKey: ['tools', 'claim', appId, code],
    queryFn: () => callRoute(TOOL_ROUTES.claimPreview, { appId }, { query: { code } }),
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** `POST /api/apps/{appId}/claim`. */
export const claimApp = (appId: string, code: string) => callRoute(TOOL_ROUTES.claimApp, { appId }, { body: { code } });
