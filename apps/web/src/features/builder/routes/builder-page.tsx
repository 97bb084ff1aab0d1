import { Link, useParams, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ChevronRight, Database, TriangleAlert } from 'lucide-react';
import type { EntitySchema } from '@tessera/contracts';
import { Badge, Button, EmptyState, Logo, Skeleton, cn } from '@tessera/ui';
import { DatabaseEntityList, DatabaseWorkspace, visibleEntityNames } from '../../database';
import { DataSourcesMenuEntry } from '../../data-sources';
import { errorMessage } from '../../../shared/api';
import { useDocumentTitle } from '../../../shared/hooks';
import { appKeys, useAppDetails, type AppDetails } from '../api/app';

const KIND_LABELS: Record<AppDetails['appType'], string> = { generated: 'App', tool: 'Tool', space: 'Space' };

/** The side panel's entries. More arrive with the chat, branding and settings panels. */
const PANELS = [{ id: 'database', label: 'Database', description: 'Tables, rows and who can see them', icon: Database }] as const;
type PanelId = (typeof PANELS)[number]['id'];

/**
 * `/build/app/{appId}` (and `/{pageName}`): the builder shell. A side panel shows the menu or the
 * open panel with its Done button (spec 1 §2); the work area beside it shows what the panel edits.
 * Under 768 px the side panel takes the full width above the work area.
 */
export function BuilderPage() {
  const { appId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const app = useAppDetails(appId);
  const panel = PANELS.find((p) => p.id === params.get('panel'))?.id ?? null;
  useDocumentTitle(app.data ? `${app.data.name} · Builder` : 'Builder');

  function openPanel(id: PanelId | null) {
    setParams(id ? { panel: id } : {}, { replace: false });
  }

  function handleSchemaSaved(name: string, schema: EntitySchema) {
    queryClient.setQueryData<AppDetails>(appKeys.detail(appId), (data) => (data ? { ...data, entities: { ...data.entities, [name]: schema } } : data));
  }

  return (
    <div className="flex h-dvh flex-col bg-canvas">
      <header className="flex h-14 shrink-0 items-center gap-3 border-b border-line bg-surface px-3 sm:px-4">
        <Link to="/home" className="flex h-9 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-ink-muted hover:bg-zinc-100 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500" aria-label="Back to apps">
          <ArrowLeft className="size-4" aria-hidden />
          <span className="hidden sm:inline">Apps</span>
        </Link>
        <span className="h-5 w-px bg-line" aria-hidden />
        <Logo size={22} />
        <div className="flex min-w-0 items-center gap-2">
          {app.data ? (
            <>
              <h1 className="truncate text-[15px] font-semibold tracking-tight text-ink">{app.data.name}</h1>
              <Badge className="hidden sm:inline-flex">{KIND_LABELS[app.data.appType]}</Badge>
            </>
          ) : app.isPending ? (
            <Skeleton className="h-5 w-40" />
          ) : null}
        </div>
      </header>

      {app.isError ? (
        <div className="mx-auto w-full max-w-lg px-4 py-16">
          <EmptyState
            icon={<TriangleAlert />}
            title={errorMessage(app.error)}
            text="It may have been deleted, or it belongs to another account."
            action={
              <Button asChild variant="secondary">
                <Link to="/home">Back to your apps</Link>
              </Button>
            }
          />
        </div>
      ) : (
        <div className="flex min-h-0 flex-1 flex-col md:flex-row">
          <aside aria-label="Builder panel" className="flex w-full shrink-0 flex-col border-b border-line bg-surface md:w-64 md:border-r md:border-b-0">
            {panel === 'database' ? (
              <>
                <div className="flex h-14 shrink-0 items-center justify-between gap-2 border-b border-line px-4">
                  <h2 className="flex items-center gap-2 text-sm font-semibold text-ink">
                    <Database className="size-4 text-brand-600" aria-hidden />
                    Database
                  </h2>
                  <Button size="sm" variant="secondary" onClick={() => openPanel(null)}>
                    Done
                  </Button>
                </div>
                <div className="p-3 empty:hidden md:min-h-0 md:flex-1 md:overflow-y-auto">{app.data && <DatabaseEntityList entities={app.data.entities} />}</div>
              </>
            ) : (
              <nav aria-label="Builder menu" className="p-3">
                <p className="px-2 pt-1 pb-2 text-xs font-medium tracking-wide text-ink-faint uppercase">Build</p>
                <ul className="space-y-1">
                  {PANELS.map(({ id, label, description, icon: Icon }) => (
                    <li key={id}>
                      <button
                        type="button"
                        onClick={() => openPanel(id)}
                        className="group flex w-full items-center gap-3 rounded-xl px-2 py-2 text-left hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-500"
                      >
                        <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600 ring-1 ring-brand-100">
                          <Icon className="size-4" aria-hidden />
                        </span>
                        <span className="min-w-0 flex-1">
                          <span className="block text-sm font-medium text-ink">{label}</span>
                          <span className="block truncate text-xs text-ink-subtle">{description}</span>
                        </span>
                        <ChevronRight className="size-4 text-ink-faint group-hover:text-ink" aria-hidden />
                      </button>
                    </li>
                  ))}
                  <li>
                    <DataSourcesMenuEntry appId={appId} />
                  </li>
                </ul>
              </nav>
            )}
          </aside>

          <main className={cn('min-w-0 flex-1 overflow-y-auto', panel ? 'p-4 sm:p-6' : 'p-4 sm:p-8')}>
            {!app.data ? (
              <div className="space-y-4">
                <Skeleton className="h-8 w-48" />
                <Skeleton className="h-96 w-full rounded-xl" />
              </div>
            ) : panel === 'database' ? (
              <DatabaseWorkspace appId={appId} entities={app.data.entities} onSchemaSaved={handleSchemaSaved} />
            ) : (
              <AppOverview app={app.data} onOpenDatabase={() => openPanel('database')} />
            )}
          </main>
        </div>
      )}
    </div>
  );
}

function AppOverview({ app, onOpenDatabase }: { app: AppDetails; onOpenDatabase: () => void }) {
  const tables = visibleEntityNames(app.entities);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="space-y-1.5">
        <p className="text-sm font-medium text-ink-subtle">/{app.slug}</p>
        <h2 className="text-2xl font-semibold tracking-tight text-ink">{app.name}</h2>
      </div>
      <button
        type="button"
        onClick={onOpenDatabase}
        className="group flex w-full items-center gap-4 rounded-2xl border border-line bg-surface p-5 text-left shadow-card transition-[border-color,box-shadow] hover:border-line-strong hover:shadow-pop focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      >
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600 ring-1 ring-brand-100">
          <Database className="size-5" aria-hidden />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block text-[15px] font-semibold text-ink">Database</span>
          <span className="block truncate text-[13px] text-ink-subtle">
            {tables.length ? `${tables.length} ${tables.length === 1 ? 'table' : 'tables'}: ${tables.join(', ')}` : 'No tables yet'}
          </span>
        </span>
        <ChevronRight className="size-5 text-ink-faint group-hover:text-ink" aria-hidden />
      </button>
    </div>
  );
}
