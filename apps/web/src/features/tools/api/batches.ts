import { useQuery } from '@tanstack/react-query';
import {
  CreateToolApiKeyResponseSchema,
  TOOL_BATCH_FINISHED,
  ToolApiKeyListResponseSchema,
  ToolBatchListResponseSchema,
  ToolBatchPreviewSchema,
  ToolBatchSchema,
  type ToolBatchPreview,
} from '@tessera/contracts/tool-runs';
import { apiFetch, rawFetch, saveResponse } from '../../../shared/api';

const toolBase = (appId: string, toolId: string) =>
  `/api/apps/${encodeURIComponent(appId)}/tools/${encodeURIComponent(toolId)}`;
const batchesPath = (appId: string, toolId: string) => `${toolBase(appId, toolId)}/batches`;
const keysPath = (appId: string, toolId: string) => `${toolBase(appId, toolId)}/api-keys`;

export const batchKeys = {
  list: (appId: string, toolId: string) => ['tools', 'batches', appId, toolId] as const,
  apiKeys: (appId: string, toolId: string) => ['tools', 'api-keys', appId, toolId] as const,
};

function csvForm(file: File, mapping?: Record<string, string>): FormData {
  const form = new FormData();
  // The mapping goes before the file: the server reads the fields sent ahead of it.
  if (mapping) form.append('mapping', JSON.stringify(mapping));
  form.append('file', file, file.name);
  return form;
}

export const batchesApi = {
  preview: async (appId: string, toolId: string, file: File): Promise<ToolBatchPreview> => {
    const res = await rawFetch(`${batchesPath(appId, toolId)}/preview`, { method: 'POST', body: csvForm(file) });
    return ToolBatchPreviewSchema.parse(await res.json());
  },
  start: async (appId: string, toolId: string, file: File, mapping: Record<string, string>) => {
    const res = await rawFetch(batchesPath(appId, toolId), { method: 'POST', body: csvForm(file, mapping) });
    return ToolBatchSchema.parse(await res.json());
  },
  cancel: (appId: string, toolId: string, batchId: string) =>
    apiFetch(`${batchesPath(appId, toolId)}/${encodeURIComponent(batchId)}/cancel`, {
      method: 'POST',
      body: {},
      schema: ToolBatchSchema,
    }),
  /** Saves the results file under the server's name. */
  download: async (appId: string, toolId: string, batchId: string) => {
    const res = await rawFetch(`${batchesPath(appId, toolId)}/${encodeURIComponent(batchId)}/results.csv`);
    await saveResponse(res, 'results.csv');
  },
  createKey: (appId: string, toolId: string, name: string) =>
    apiFetch(keysPath(appId, toolId), { method: 'POST', body: { name }, schema: CreateToolApiKeyResponseSchema }),
  revokeKey: (appId: string, toolId: string, keyId: string) =>
    apiFetch(`${keysPath(appId, toolId)}/${encodeURIComponent(keyId)}`, { method: 'DELETE' }),
};

/** The tool's batches; polled every second while one is queued or running (so progress survives a reload). */
export function useToolBatches(appId: string, toolId: string, enabled = true) {
  return useQuery({
    queryKey: batchKeys.list(appId, toolId),
    queryFn: () => apiFetch(batchesPath(appId, toolId), { schema: ToolBatchListResponseSchema }),
    enabled,
    refetchInterval: (query) =>
      query.state.data?.batches.some((b) => !TOOL_BATCH_FINISHED.includes(b.status)) ? 1000 : false,
  });
}

export function useToolApiKeys(appId: string, toolId: string) {
  return useQuery({
    queryKey: batchKeys.apiKeys(appId, toolId),
    queryFn: () => apiFetch(keysPath(appId, toolId), { schema: ToolApiKeyListResponseSchema }),
  });
}
