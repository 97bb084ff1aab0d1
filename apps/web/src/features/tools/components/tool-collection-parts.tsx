import { Copy, ExternalLink, Link2, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import type { ToolSummary } from '@tessera/contracts/tools';
import { Button, Menu, MenuContent, MenuItem, MenuSeparator, MenuTrigger } from '@tessera/ui';
import type { ToolsCollection } from '../hooks/use-tools-collection';
import { ToolActivationDialogs } from './activate-tool-dialog';
import { ActivationSwitch } from './activation-switch';
import { DeleteToolDialog, PathDialog, RenameToolDialog } from './tool-dialogs';

/** A listed tool's live switch (docs/product/tools.md#states-and-transitions). */
export function ToolLiveSwitch({ tool, collection }: { tool: ToolSummary; collection: ToolsCollection }) {
  const { activation } = collection;
  return (
    <ActivationSwitch
      title={tool.title}
      isActive={tool.status === 'active'}
      isAtLimit={activation.isAtLimit}
      isPending={activation.pendingId === tool.toolId}
      onToggle={(on) => void activation.toggle(tool, on)}
      onUpgrade={activation.openUpgrade}
      showLabel
    />
  );
}

/** A listed tool's menu: Rename, Edit path, Copy link, Open (live tools) and Delete. */
export function ToolMoreMenu({ tool, collection }: { tool: ToolSummary; collection: ToolsCollection }) {
  const { setAction } = collection;
  return (
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
        <MenuItem onSelect={() => void collection.copyLink(tool.publicUrl)}>
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
  );
}

/** The dialogs of a tools list: rename, path, delete, Activate Your Tool and the live-tool limit's upgrade prompt. */
export function ToolCollectionDialogs({ collection, appUrl }: { collection: ToolsCollection; appUrl: string }) {
  const { action, setAction, activation, tools } = collection;
  const close = (open: boolean) => !open && setAction(null);
  return (
    <>
      <RenameToolDialog
        key={`rename-${action?.tool.toolId}`}
        open={action?.kind === 'rename'}
        onOpenChange={close}
        initial={action?.tool.title ?? ''}
        isPending={collection.update.isPending}
        onSubmit={(title) => action && collection.rename(action.tool.toolId, { title }, 'Tool renamed')}
      />
      <PathDialog
        key={`path-${action?.tool.toolId}`}
        open={action?.kind === 'path'}
        onOpenChange={close}
        initial={action?.tool.path ?? ''}
        otherPaths={tools.filter((t) => t.toolId !== action?.tool.toolId).map((t) => t.path)}
        appUrl={appUrl}
        isPending={collection.update.isPending}
        onSubmit={(path) => action && collection.rename(action.tool.toolId, { path }, 'Path saved')}
      />
      <DeleteToolDialog
        open={action?.kind === 'delete'}
        onOpenChange={close}
        title={action?.tool.title ?? ''}
        isPending={collection.remove.isPending}
        onConfirm={() => action && collection.removeTool(action.tool)}
      />
      <ToolActivationDialogs activation={activation} plan={collection.plan} />
    </>
  );
}
