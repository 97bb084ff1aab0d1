import type { PublishDryRunResponse } from '@tessera/contracts/apps';
import { apiFetch } from '../../../shared/api';

const app = (appId: string) => `/api/apps/${encodeURIComponent(appId)}`;

/** `GET /api/apps/{appId}/publish/dry-run`: what publishing now changes for end users; nothing is written. */
export function publishDryRun(appId: string): Promise<PublishDryRunResponse> {
  return apiFetch(`${app(appId)}/publish/dry-run`);
}

/** `POST /api/apps/{appId}/publish` of the version the builder reviewed (a newer one is refused). */
export function publishVersion(appId: string, versionId: string): Promise<{ versionId: string; number: number }> {
  return apiFetch(`${app(appId)}/publish`, { method: 'POST', body: { versionId } });
}
