import { Link, useParams } from 'react-router';
import { Pencil, Plus, TriangleAlert, Wrench } from 'lucide-react';
import { Button, EmptyState, Skeleton } from '@tessera/ui';
import { errorMessage } from '../../../shared/api';
import { useDocumentTitle } from '../../../shared/hooks';
import { AppPageBar, PageTitle } from '../../../shared/page-header';
import { useToolApp } from '../api/tools';
import { ToolCollectionDialogs, ToolLiveSwitch, ToolMoreMenu } from '../components/tool-collection-parts';
import { ToolStatusBadge } from '../components/tool-status-badge';
import { useToolsCollection } from '../hooks/use-tools-collection';

/** `/build/app/{appId}/tools`: the app's tools with their status, link and live switch (docs/product/tools.md#screens-and-routes). */
export function ToolsPage() {
  const { appId = '' } = useParams();
  const app = useToolApp(appId);
  const collection = useToolsCollection(appId);
  const { list, tools } = collection;
  useDocumentTitle(app.data ? `${app.data.name} · Tools` : 'Tools');

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
          <Button onClick={collection.create} loading={collection.isCreating}>
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
            {tools.map((tool) => (
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
                  <ToolLiveSwitch tool={tool} collection={collection} />
                  <Button asChild size="sm" variant="secondary" className="ml-auto sm:ml-0">
                    <Link to={`/build/app/${appId}/tool/${tool.toolId}`}>
                      <Pencil aria-hidden />
                      Edit
                    </Link>
                  </Button>
                  <ToolMoreMenu tool={tool} collection={collection} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </main>

      <ToolCollectionDialogs collection={collection} appUrl={app.data?.appUrl ?? ''} />
    </div>
  );
}
