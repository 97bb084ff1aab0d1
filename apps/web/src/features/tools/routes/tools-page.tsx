import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Copy, ExternalLink, Link2, MoreHorizontal, Pencil, Plus, Trash2, TriangleAlert, Wrench } from 'lucide-react';
import {
  ACTIVATED_TOOL_PER_APP_LIMIT_REACHED,
  MAX_TOOLS_PER_APP,
  TOOL_MESSAGES,
  type ToolSummary,
} from '@tessera/contracts';
import {
  Button,
  EmptyState,
  Menu,
  MenuContent,
  MenuItem,
  MenuSeparator,
  MenuTrigger,
  Skeleton,
  toast,
} from '@tessera/ui';
import { useCurrentAccount } from '../../account';
import { UpgradePrompt } from '../../data-sources';
import { errorMessage } from '../../../shared/api';
import { useDocumentTitle } from '../../../shared/hooks';
import { AppPageBar, PageTitle } from '../../../shared/page-header';
import { toolsApi, useToolApp, useToolList, useToolMutation } from '../api/tools';
import { ActivateToolDialog } from '../components/activate-tool-dialog';
import { ActivationSwitch } from '../components/activation-switch';
import { DeleteToolDialog, PathDialog, RenameToolDialog } from '../components/tool-dialogs';
import { ToolStatusBadge } from '../components/tool-status-badge';
import { useToolActivation } from '../hooks/use-tool-activation';

type Action = { kind: 'rename' | 'path' | 'delete'; tool: ToolSummary } | null;

/** `/build/app/{appId}/tools`: the app's tools with their status, link and live switch (docs/product/tools.md#screens-and-routes). */
export function ToolsPage() {
  const { appId = '' } = useParams();
  const navigate = useNavigate();
  const app = useToolApp(appId);
  const list = useToolList(appId);
  const account = useCurrentAccount();
  const [action, setAction] = useState<Action>(null);
  useDocumentTitle(app.data ? `${app.data.name} · Tools` : 'Tools');

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

  function handleCreate() {
    if (tools.length >= MAX_TOOLS_PER_APP) {
      toast.error(TOOL_MESSAGES.maxTools);
      return;
    }
    create.mutate(undefined, {
      onSuccess: ({ tool }) => navigate(`/build/app/${appId}/tool/${tool.toolId}`),
      onError: (error) => toast.error(errorMessage(error, TOOL_MESSAGES.saveToolFailed)),
    });
  }

  function handleUpdate(toolId: string, patch: { title?: string; path?: string }, done: string) {
    update.mutate(
      { toolId, ...patch },
      {
        onSuccess: () => {
          setAction(null);
          toast.success(done);
        },
        onError: (error) => toast.error(errorMessage(error, TOOL_MESSAGES.saveToolFailed)),
      },
    );
  }

  async function copyLink(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Link copied');
    } catch {
      toast.error('Could not copy the link');
    }
  }

  if (app.isError || list.isError) {
    return (
      <div className="mx-auto max-w-lg px-4 py-16">
        <EmptyState
          icon={<TriangleAlert />}
          title={errorMessage(app.error ?? list.error)}
          text="It may have been deleted, or it belongs to another account."
          action={
            <Button asChild variant="secondary">
              <Link to="/home">Back to your apps</Link>
            </Button>
          }
        />
      </div>
    );
  }

  return (
    <div className="min-h-dvh bg-canvas">
      <AppPageBar back={{ to: '/home', label: 'Back to apps', text: 'Apps' }} appName={app.data?.name} />

      <main className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
        <PageTitle
          title="Tools"
          description={
            <>
              Each tool is a page of its own: fields in, an AI answer from your data out.
              {list.data &&
                ` Your plan allows ${list.data.liveToolLimit} live ${list.data.liveToolLimit === 1 ? 'tool' : 'tools'} per app.`}
            </>
          }
        >
          <Button onClick={handleCreate} loading={create.isPending}>
            <Plus aria-hidden />
            New tool
          </Button>
        </PageTitle>

        {list.isPending ? (
          <div className="space-y-3">
            {[0, 1].map((i) => (
              <Skeleton key={i} className="h-24 rounded-2xl" />
            ))}
          </div>
        ) : tools.length === 0 ? (
          <EmptyState
            icon={<Wrench />}
            title="No tools yet"
            text="Create one and give it fields, instructions and data to answer from."
          />
        ) : (
          <ul className="space-y-3" aria-label="Tools">
            {tools.map((tool) => {
              return (
                <li
                  key={tool.toolId}
                  className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 shadow-card sm:flex-row sm:items-center"
                >
                  <div className="min-w-0 flex-1">
                    <div className="flex items-center gap-2">
                      <Link
                        to={`/build/app/${appId}/tool/${tool.toolId}`}
                        className="truncate text-[15px] font-semibold text-ink hover:text-brand-700 hover:underline"
                      >
                        {tool.title || 'Untitled tool'}
                      </Link>
                      <ToolStatusBadge status={tool.status} />
                    </div>
                    <p className="mt-1 truncate font-mono text-xs text-ink-subtle">/tool/{tool.path}</p>
                    <p className="mt-1 text-xs text-ink-faint">
                      {tool.fieldCount} {tool.fieldCount === 1 ? 'field' : 'fields'} · {tool.dataItemCount}{' '}
                      {tool.dataItemCount === 1 ? 'data source' : 'data sources'}
                    </p>
                  </div>
                  <div className="flex items-center gap-2 sm:gap-3">
                    <ActivationSwitch
                      title={tool.title}
                      isActive={tool.status === 'active'}
                      isAtLimit={activation.isAtLimit}
                      isPending={activation.pendingId === tool.toolId}
                      onToggle={(on) => void activation.toggle(tool, on)}
                      onUpgrade={activation.openUpgrade}
                      showLabel
                    />
                    <Button asChild size="sm" variant="secondary" className="ml-auto sm:ml-0">
                      <Link to={`/build/app/${appId}/tool/${tool.toolId}`}>
                        <Pencil aria-hidden />
                        Edit
                      </Link>
                    </Button>
                    <Menu>
                      <MenuTrigger asChild>
                        <Button size="icon" variant="ghost" aria-label={`More for ${tool.title || 'Untitled tool'}`}>
                          <MoreHorizontal aria-hidden />
                        </Button>
                      </MenuTrigger>
                      <MenuContent align="end">
                        <MenuItem onSelect={() => setAction({ kind: 'rename', tool })}>
                          <Pencil aria-hidden /> Rename
                        </MenuItem>
                        <MenuItem onSelect={() => setAction({ kind: 'path', tool })}>
                          <Link2 aria-hidden /> Edit path
                        </MenuItem>
                        <MenuItem onSelect={() => void copyLink(tool.publicUrl)}>
                          <Copy aria-hidden /> Copy link
                        </MenuItem>
                        {tool.status === 'active' && (
                          <MenuItem asChild>
                            <a href={tool.publicUrl} target="_blank" rel="noreferrer">
                              <ExternalLink aria-hidden /> Open
                            </a>
                          </MenuItem>
                        )}
                        <MenuSeparator />
                        <MenuItem className="text-red-600" onSelect={() => setAction({ kind: 'delete', tool })}>
                          <Trash2 aria-hidden /> Delete
                        </MenuItem>
                      </MenuContent>
                    </Menu>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </main>

      <RenameToolDialog
        key={`rename-${action?.tool.toolId}`}
        open={action?.kind === 'rename'}
        onOpenChange={(open) => !open && setAction(null)}
        initial={action?.tool.title ?? ''}
        isPending={update.isPending}
        onSubmit={(title) => action && handleUpdate(action.tool.toolId, { title }, 'Tool renamed')}
      />
      <PathDialog
        key={`path-${action?.tool.toolId}`}
        open={action?.kind === 'path'}
        onOpenChange={(open) => !open && setAction(null)}
        initial={action?.tool.path ?? ''}
        otherPaths={tools.filter((t) => t.toolId !== action?.tool.toolId).map((t) => t.path)}
        appUrl={app.data?.appUrl ?? ''}
        isPending={update.isPending}
        onSubmit={(path) => action && handleUpdate(action.tool.toolId, { path }, 'Path saved')}
      />
      <DeleteToolDialog
        open={action?.kind === 'delete'}
        onOpenChange={(open) => !open && setAction(null)}
        title={action?.tool.title ?? ''}
        isPending={remove.isPending}
        onConfirm={() =>
          action &&
          remove.mutate(action.tool.toolId, {
            onSuccess: () => {
              toast.success(`Deleted ${action.tool.title || 'the tool'}`);
              setAction(null);
            },
            onError: (error) => toast.error(errorMessage(error, TOOL_MESSAGES.saveToolFailed)),
          })
        }
      />
      <ActivateToolDialog
        publicUrl={activation.liveLink?.url ?? null}
        title={activation.liveLink?.title ?? ''}
        onClose={activation.closeLink}
      />
      <UpgradePrompt
        reason={activation.upgradeMessage ? ACTIVATED_TOOL_PER_APP_LIMIT_REACHED : null}
        message={activation.upgradeMessage ?? undefined}
        currentPlan={account.data?.plan}
        onClose={activation.closeUpgrade}
      />
    </div>
  );
}
