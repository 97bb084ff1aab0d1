import { useState } from 'react';
import { useNavigate } from 'react-router';
import { MAX_TOOLS_PER_APP, TOOL_MESSAGES, type ToolSummary } from '@tessera/contracts/tools';
import { toast } from '@tessera/ui';
import { useCurrentAccount } from '../../account';
import { errorMessage } from '../../../shared/api';
import { toolsApi, useToolList, useToolMutation } from '../api/tools';
import { useToolActivation } from './use-tool-activation';

export type ToolAction = { kind: 'rename' | 'path' | 'delete'; tool: ToolSummary } | null;

/**
 * An app's tools as the tools page and the App tools panel list them (docs/product/tools.md): the
 * list, the live switches' rules, New tool (a draft opened in the tool builder), and the rename,
 * path, copy-link and delete actions with their dialogs' state.
 */
export function useToolsCollection(appId: string) {
  const navigate = useNavigate();
  const list = useToolList(appId);
  const account = useCurrentAccount();
  const [action, setAction] = useState<ToolAction>(null);
  const tools = list.data?.tools ?? [];
  const activation = useToolActivation({
    appId,
    plan: account.data?.plan ?? 'lite',
    isAdmin: account.data?.isAdmin ?? false,
    liveToolLimit: list.data?.liveToolLimit ?? 1,
    activeCount: tools.filter((t) => t.status === 'active').length,
    onChanged: () => void list.refetch(),
  });
  const create = useToolMutation(appId, () => toolsApi.create(appId, { title: '' }));
  const update = useToolMutation(appId, (args: { toolId: string; title?: string; path?: string }) =>
    toolsApi.update(appId, args.toolId, { title: args.title, path: args.path }),
  );
  const remove = useToolMutation(appId, (toolId: string) => toolsApi.remove(appId, toolId));
  // A refused create or rename says 'Failed to save tool' with the server's reason underneath.
  const saveFailed = (error: unknown) =>
    toast.error(TOOL_MESSAGES.saveToolFailed, { description: errorMessage(error) });
  const failed = (error: unknown) => toast.error(errorMessage(error, TOOL_MESSAGES.saveToolFailed));

  return {
    appId,
    list,
    tools,
    plan: account.data?.plan,
    activation,
    action,
    setAction,
    update,
    remove,
    isCreating: create.isPending,
    create() {
      if (tools.length >= MAX_TOOLS_PER_APP) {
        toast.error(TOOL_MESSAGES.maxTools);
        return;
      }
      create.mutate(undefined, {
        onSuccess: ({ tool }) => navigate(`/build/app/${appId}/tool/${tool.toolId}`),
        onError: saveFailed,
      });
    },
    rename(toolId: string, patch: { title?: string; path?: string }, done: string) {
      update.mutate(
        { toolId, ...patch },
        {
          onSuccess: () => {
            setAction(null);
            toast.success(done);
          },
          onError: saveFailed,
        },
      );
    },
    removeTool(tool: ToolSummary) {
      remove.mutate(tool.toolId, {
        onSuccess: () => {
          toast.success(`Deleted ${tool.title || 'the tool'}`);
          setAction(null);
        },
        onError: failed,
      });
    },
    async copyLink(url: string) {
      try {
        await navigator.clipboard.writeText(url);
        toast.success('Link copied');
      } catch {
        toast.error('Could not copy the link');
      }
    },
  };
}

export type ToolsCollection = ReturnType<typeof useToolsCollection>;
