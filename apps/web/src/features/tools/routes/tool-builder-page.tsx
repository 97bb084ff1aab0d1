import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeft, TriangleAlert } from 'lucide-react';
import { Button, EmptyState, Spinner } from '@tessera/ui';
import { errorMessage } from '../../../shared/api';
import { useDocumentTitle } from '../../../shared/hooks';
import { useToolApp } from '../api/tools';
import { ToolBuilder } from '../components/tool-builder';

/** `/build/app/{appId}/tool/{toolId}`: one tool's builder (docs/product/tools.md#screens-and-routes). */
export function ToolBuilderPage() {
  const { appId = '', toolId = '' } = useParams();
  const app = useToolApp(appId);
  // The builder starts from the stored tools, read as it opens: a copy cached before a change made
  // on the tools list (a path set by hand, a new tool) would undo that change at its first save.
  const [openedAt] = useState(() => Date.now());
  const isCurrent = app.dataUpdatedAt >= openedAt;
  useDocumentTitle(app.data ? `${app.data.name} · Tool builder` : 'Tool builder');
  const tool = app.data?.definition.tools?.find((t) => t.toolId === toolId);

  // A single tool's tools, or a generated app's App tools (docs/product/tools.md#app-tools).
  if (app.isError || (isCurrent && app.data && (!tool || app.data.appType === 'space'))) {
    return (
      <div className="mx-auto max-w-lg px-4 py-16">
        <EmptyState
          icon={<TriangleAlert />}
          title={app.isError ? errorMessage(app.error) : 'Tool not found'}
          text="It may have been deleted, or it belongs to another account."
          action={
            <Button asChild variant="secondary">
              <Link to={app.data ? `/build/app/${appId}/tools` : '/home'}>
                <ArrowLeft aria-hidden />
                {app.data ? 'Back to the tools' : 'Back to your apps'}
              </Link>
            </Button>
          }
        />
      </div>
    );
  }
  if (!app.data || !isCurrent) {
    return (
      <div className="flex h-dvh items-center justify-center bg-canvas" aria-busy>
        <Spinner size={20} label="Loading the tool builder" />
      </div>
    );
  }
  return <ToolBuilder key={`${appId}/${toolId}`} details={app.data} toolId={toolId} />;
}
