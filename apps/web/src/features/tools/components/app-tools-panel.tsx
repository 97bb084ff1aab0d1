import { Link } from 'react-router';
import { MessageSquarePlus, Pencil, Plus, Wrench } from 'lucide-react';
import type { ToolSummary } from '@tessera/contracts/tools';
import { Button, Skeleton } from '@tessera/ui';
import { errorMessage } from '../../../shared/api';
import { useToolApp } from '../api/tools';
import { useToolsCollection } from '../hooks/use-tools-collection';
import { ToolCollectionDialogs, ToolLiveSwitch, ToolMoreMenu } from './tool-collection-parts';
import { ToolStatusBadge } from './tool-status-badge';

export interface AppToolsPanelProps {
  appId: string;
  /** Puts a request to use the tool into the editor's chat input (not sent). */
  onUseInApp: (tool: ToolSummary) => void;
}

/**
 * App tools (docs/product/tools.md#app-tools): a generated app's AI tools with their status and live
 * switch, New tool (a draft, opened in the tool builder), Edit, the tools page's menu (rename, path,
 * link, delete), and Use in app, which asks the chat for a page that runs the tool with `Core.RunTool`.
 */
export function AppToolsPanel({ appId, onUseInApp }: AppToolsPanelProps) {
  const app = useToolApp(appId);
  const collection = useToolsCollection(appId);
  const { list, tools } = collection;

  return (
    <div className="space-y-4">
      <p className="text-xs leading-5 text-ink-subtle">
        AI tools answer from your data. Your app&apos;s pages can run the live ones, and each has its own page at
        /tool/…
        {list.data &&
          ` Your plan allows ${list.data.liveToolLimit} live ${list.data.liveToolLimit === 1 ? 'tool' : 'tools'}.`}
      </p>
      <Button className="w-full" onClick={collection.create} loading={collection.isCreating}>
        <Plus aria-hidden />
        New tool
      </Button>

      {list.isPending ? (
        <div className="space-y-2">
          <Skeleton className="h-24 rounded-xl" />
          <Skeleton className="h-24 rounded-xl" />
        </div>
      ) : list.isError ? (
        <p role="alert" className="text-sm text-red-600">
          {errorMessage(list.error)}
        </p>
      ) : tools.length === 0 ? (
        <div className="rounded-xl border border-dashed border-line p-4 text-center">
          <Wrench className="mx-auto size-5 text-ink-faint" aria-hidden />
          <p className="mt-2 text-sm font-medium text-ink">No tools yet</p>
          <p className="mt-1 text-xs text-ink-subtle">Create one, give it fields, instructions and data.</p>
        </div>
      ) : (
        <ul className="space-y-2" aria-label="App tools">
          {tools.map((tool) => (
            <li key={tool.toolId} className="space-y-2 rounded-xl border border-line bg-surface p-3">
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <Link
                    to={`/build/app/${appId}/tool/${tool.toolId}`}
                    className="block truncate text-sm font-semibold text-ink hover:text-brand-700 hover:underline"
                  >
                    {tool.title || 'Untitled tool'}
                  </Link>
                  <p className="truncate font-mono text-xs text-ink-subtle">/tool/{tool.path}</p>
                </div>
                <ToolStatusBadge status={tool.status} />
              </div>
              <div className="flex items-center gap-2">
                <ToolLiveSwitch tool={tool} collection={collection} />
                <span className="flex-1" />
                <Button asChild size="sm" variant="secondary">
                  <Link to={`/build/app/${appId}/tool/${tool.toolId}`}>
                    <Pencil aria-hidden />
                    Edit
                  </Link>
                </Button>
                <ToolMoreMenu tool={tool} collection={collection} />
              </div>
              <Button
                size="sm"
                variant="ghost"
                className="w-full justify-start"
                onClick={() => onUseInApp(tool)}
                title="Ask the chat for a page that runs this tool"
              >
                <MessageSquarePlus aria-hidden />
                Use in app
              </Button>
            </li>
          ))}
        </ul>
      )}

      <p className="text-xs leading-5 text-ink-faint">
        In code: <code className="font-mono text-ink-subtle">RunTool(&#123; tool, inputs &#125;)</code> from
        @/integrations/Core.
      </p>

      <ToolCollectionDialogs collection={collection} appUrl={app.data?.appUrl ?? ''} />
    </div>
  );
}
