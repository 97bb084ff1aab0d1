import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SaveAppResponseSchema, type AppStyle, type ToolApp } from '@tessera/contracts/apps';
import {
  ClaimInvitationResponseSchema,
  MagicCreateResponseSchema,
  ToolDetailResponseSchema,
  ToolListResponseSchema,
  type CreateToolRequest,
  type MagicCreateRequest,
  type UpdateToolRequest,
} from '@tessera/contracts/tools';
import { apiFetch } from '../../../shared/api';

const appPath = (appId: string) => `/api/apps/${encodeURIComponent(appId)}`;
const toolPath = (appId: string, toolId: string) => `${appPath(appId)}/tools/${encodeURIComponent(toolId)}`;

export const toolKeys = {
  all: ['tools'] as const,
  list: (appId: string) => ['tools', 'list', appId] as const,
  app: (appId: string) => ['tools', 'app', appId] as const,
};

/** The tool app as the builder edits it: its definition, style and settings (`GET /api/apps/{appId}`). */
export interface ToolAppDetails {
  appId: string;
  name: string;
  slug: string;
  appType: 'tool' | 'generated' | 'space';
  appUrl: string;
  publishedVersionId: string | null;
  definition: Partial<ToolApp>;
  style: AppStyle;
  settings: Record<string, unknown>;
}

export function useToolApp(appId: string) {
  return useQuery({
    queryKey: toolKeys.app(appId),
    queryFn: () => apiFetch<ToolAppDetails>(appPath(appId)),
    // The builder holds the draft; a refetch would not replace it, so none is needed on focus.
    refetchOnWindowFocus: false,
  });
}

/** `GET /api/apps/{appId}/tools`: the tools page's list and the plan's live-tool limit. */
export function useToolList(appId: string) {
  return useQuery({
    queryKey: toolKeys.list(appId),
    queryFn: () => apiFetch(`${appPath(appId)}/tools`, { schema: ToolListResponseSchema }),
  });
}

export const toolsApi = {
  create: (appId: string, request: CreateToolRequest) =>
    apiFetch(`${appPath(appId)}/tools`, { method: 'POST', body: request, schema: ToolDetailResponseSchema }),
  update: (appId: string, toolId: string, request: UpdateToolRequest) =>
    apiFetch(toolPath(appId, toolId), { method: 'PATCH', body: request, schema: ToolDetailResponseSchema }),
  remove: (appId: string, toolId: string) => apiFetch(toolPath(appId, toolId), { method: 'DELETE' }),
  activate: (appId: string, toolId: string, isActive: boolean) =>
    apiFetch(`${toolPath(appId, toolId)}/activate`, {
      method: 'POST',
      body: { isActive },
      schema: ToolDetailResponseSchema,
    }),
  /** `POST /api/apps` with `appType: 'tool'`: the whole definition replaces the stored one. */
  saveApp: (appId: string, app: ToolApp) =>
    apiFetch('/api/apps', { method: 'POST', body: { appType: 'tool', appId, app }, schema: SaveAppResponseSchema }),
  /** `PUT /api/apps/{appId}/tools`: a generated app's tool parts, leaving its pages, name and kind alone. */
  saveToolParts: (appId: string, { tools, fields, inputSteps, texts }: ToolApp) =>
    apiFetch(`${appPath(appId)}/tools`, { method: 'PUT', body: { tools, fields, inputSteps, texts } }),
  saveStyle: (appId: string, appStyle: AppStyle) =>
    apiFetch(`${appPath(appId)}/style`, { method: 'POST', body: { appStyle } }),
  saveSettings: (appId: string, appSettings: Record<string, unknown>) =>
    apiFetch(`${appPath(appId)}/settings`, { method: 'POST', body: { appSettings } }),
  magicCreate: (request: MagicCreateRequest) =>
    apiFetch('/api/builder/magicCreate', { method: 'POST', body: request, schema: MagicCreateResponseSchema }),
  claimInvitation: (appId: string) =>
    apiFetch(`${appPath(appId)}/settings/claimInvitation`, { schema: ClaimInvitationResponseSchema }),
};

/** A tools-page change; the list (and any open builder's copy) is read again after it. */
export function useToolMutation<A, R>(appId: string, run: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: toolKeys.list(appId) });
      void queryClient.invalidateQueries({ queryKey: toolKeys.app(appId) });
      void queryClient.invalidateQueries({ queryKey: ['apps'] });
    },
  });
}

/** Creates a tool app from Home (`POST /api/apps`, appType 'tool'), then its first tool. */
export async function createToolApp(name: string): Promise<{ appId: string; toolId: string }> {
  const app = await apiFetch('/api/apps', {
    method: 'POST',
    body: { appType: 'tool', app: { name } },
    schema: SaveAppResponseSchema,
  });
  const { tool } = await toolsApi.create(app.appId, { title: name });
  return { appId: app.appId, toolId: tool.toolId };
}
