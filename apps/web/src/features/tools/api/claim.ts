import { useQuery } from '@tanstack/react-query';
import { ClaimAppResponseSchema, ClaimPreviewResponseSchema } from '@tessera/contracts/tools';
import { apiFetch } from '../../../shared/api';

const claimPath = (appId: string) => `/api/apps/${encodeURIComponent(appId)}/claim`;

/** `GET /api/apps/{appId}/claim?code=…`: the app an invite link offers (docs/product/tools.md#claim-invitation). */
export function useClaimPreview(appId: string, code: string) {
  return useQuery({
    queryKey: ['tools', 'claim', appId, code],
    queryFn: () =>
      apiFetch(`${claimPath(appId)}?${new URLSearchParams({ code })}`, { schema: ClaimPreviewResponseSchema }),
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** `POST /api/apps/{appId}/claim`. */
export const claimApp = (appId: string, code: string) =>
  apiFetch(claimPath(appId), { method: 'POST', body: { code }, schema: ClaimAppResponseSchema });
