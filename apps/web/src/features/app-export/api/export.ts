import {
  APP_KEY_HEADER,
  EXPORT_ROUTES,
  ImportProjectResponseSchema,
  type AppKeysResponse,
  type CreateAppKeyRequest,
  type CreatedAppKey,
  type ExportDataMode,
  type ImportProjectResponse,
} from '@tessera/contracts/app-export';
import { callRoute, rawFetch, saveResponse } from '../../../shared/api';

const base = (appId: string) => `/api/apps/${encodeURIComponent(appId)}`;

export const listAppKeys = (appId: string): Promise<AppKeysResponse> => callRoute(EXPORT_ROUTES.listAppKeys, { appId });

export const createAppKey = (appId: string, body: CreateAppKeyRequest): Promise<CreatedAppKey> =>
  callRoute(EXPORT_ROUTES.createAppKey, { appId }, { body });

export const revokeAppKey = (appId: string, keyId: string): Promise<unknown> =>
  callRoute(EXPORT_ROUTES.revokeAppKey, { appId, keyId });

/** `GET .../export`: the project's zip, saved by the browser under the server's file name. */
export async function downloadExport(appId: string, mode: ExportDataMode, appKey: string | null): Promise<void> {
  const res = await rawFetch(`${base(appId)}/export?mode=${mode}`, {
    headers: appKey ? { [APP_KEY_HEADER]: appKey } : {},
  });
  await saveResponse(res, 'app.zip');
}

/** `POST .../import`: the zip becomes a new version. */
export async function importProject(appId: string, file: File): Promise<ImportProjectResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  const res = await rawFetch(`${base(appId)}/import`, { method: 'POST', body: form });
  return ImportProjectResponseSchema.parse(await res.json());
}
