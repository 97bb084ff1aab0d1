import { useState } from 'react';
import { FileUp, LayoutGrid, Plus, ShieldCheck } from 'lucide-react';
import { Badge, Button, EmptyState, Skeleton } from '@tessera/ui';
import { planLabel, useCurrentAccount } from '../../account';
import { useDocumentTitle } from '../../../shared/hooks';
import { useSession } from '../../../shared/session';
import { TemplateGallery } from '../../templates';
import { useApps } from '../api/apps';
import { AppCard } from '../components/app-card';
import { AppPrompt } from '../components/app-prompt';
import { ImportAppDialog } from '../components/import-app-dialog';
import { NewAppDialog } from '../components/new-app-dialog';

/** `/home`: the builder's landing. It leads with the box that starts an app, then lists the apps. */
export function HomePage() {
  const { user } = useSession();
  const account = useCurrentAccount();
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const [isImportOpen, setIsImportOpen] = useState(false);
  const apps = useApps();
  useDocumentTitle('Your apps');
  const firstName = user?.name?.split(' ')[0];
  const hasApps = Boolean(apps.data && apps.data.length > 0);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <section aria-labelledby="start-heading" className="mx-auto max-w-3xl">
        <div className="mb-5 flex h-6 flex-wrap items-center justify-center gap-2" aria-live="polite">
          <span className="text-sm font-medium text-ink-subtle">{firstName ? `Welcome, ${firstName}` : 'Welcome'}</span>
          {account.data ? (
            <>
              <Badge tone="brand">{planLabel(account.data.plan)} plan</Badge>
              {account.data.isAdmin && (
                <Badge tone="warning">
                  <ShieldCheck aria-hidden />
                  Admin
                </Badge>
              )}
            </>
          ) : (
            <Skeleton className="h-5.5 w-20 rounded-full" />
          )}
        </div>
        <h1
          id="start-heading"
          className="mb-6 text-center text-3xl font-semibold tracking-tight text-balance text-ink sm:text-4xl"
        >
          What do you want to build?
        </h1>
        <AppPrompt label="What do you want to build?" size="lg" autoFocus={!hasApps} centered />
      </section>

      <TemplateGallery />

      <section aria-labelledby="apps-heading" className="mt-12 sm:mt-16" aria-busy={apps.isPending}>
        <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
          <h2 id="apps-heading" className="text-lg font-semibold tracking-tight text-ink">
            Your apps
          </h2>
          <div className="flex gap-2">
            <Button variant="secondary" onClick={() => setIsImportOpen(true)}>
              <FileUp aria-hidden />
              Import app
            </Button>
            <Button variant="secondary" onClick={() => setIsDialogOpen(true)}>
              <Plus aria-hidden />
              New app
            </Button>
          </div>
        </div>
        {apps.isPending ? (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-44 rounded-2xl" />
            ))}
          </div>
        ) : hasApps ? (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {apps.data!.map((app) => (
              <li key={app.appId} className="flex">
                <AppCard app={app} />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState
            icon={<LayoutGrid />}
            title="No apps yet"
            text="Describe an app in the box above and Tessera builds it for you: pages, data and AI, ready to brand and publish."
          />
        )}
      </section>

      <NewAppDialog open={isDialogOpen} onOpenChange={setIsDialogOpen} />
      <ImportAppDialog open={isImportOpen} onOpenChange={setIsImportOpen} />
    </div>
  );
}
