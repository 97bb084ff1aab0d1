import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SaveAppResponseSchema, type AppStyle, type ToolApp } from '@tessera/contracts/apps';
import {
  TOOL_ROUTES,
  type CreateToolRequest,
  type MagicCreateRequest,
  type UpdateToolRequest,
} from '@tessera/contracts/tools';
import { apiFetch, callRoute } from '../../../shared/api';

const appPath = (appId: string) => `/api/apps/${encodeURIComponent(appId)}`;

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
    queryFn: () => callRoute(TOOL_ROUTES.listTools, { appId }),
  });
}

export const toolsApi = {
  create: (appId: string, request: CreateToolRequest) =>
    callRoute(TOOL_ROUTES.createTool, { appId }, { body: request }),
  update: (appId: string, toolId: string, request: UpdateToolRequest) =>
    callRoute(TOOL_ROUTES.updateTool, { appId, toolId }, { body: request }),
  remove: (appId: string, toolId: string) => callRoute(TOOL_ROUTES.deleteTool, { appId, toolId }),
  activate: (appId: string, toolId: string, isActive: boolean) =>
    callRoute(TOOL_ROUTES.activateTool, { appId, toolId }, { body: { isActive } }),
  /** `POST /api/apps` with `appType: 'tool'`: the whole definition replaces the stored one. */
  saveApp: (appId: string, app: ToolApp) =>
    apiFetch('/api/apps', { method: 'POST', body: { appType: 'tool', appId, app }, schema: SaveAppResponseSchema }),
  /** `PUT /api/apps/{appId}/tools`: a generated app's tool parts, leaving its pages, name and kind alone. */
  saveToolParts: (appId: string, { tools, fields, inputSteps, texts }: ToolApp) =>
    callRoute(TOOL_ROUTES.saveToolParts, { appId }, { body: { tools, fields, inputSteps, texts } }),
  saveStyle: (appId: string, appStyle: AppStyle) =>
    apiFetch(`${appPath(appId)}/style`, { method: 'POST', body: { appStyle } }),
  saveSettings: (appId: string, appSettings: Record<string, unknown>) =>
    apiFetch(`${appPath(appId)}/settings`, { method: 'POST', body: { appSettings } }),
  magicCreate: (request: MagicCreateRequest) => callRoute(TOOL_ROUTES.magicCreate, {}, { body: request }),
  claimInvitation: (appId: string) => callRoute(TOOL_ROUTES.claimInvitation, { appId }),
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
