import { useState } from 'react';
import { FileUp, LayoutGrid, Plus, ShieldCheck } from 'lucide-react';
import { Badge, Button, EmptyState, Skeleton } from '@tessera/ui';
import { planLabel, useCurrentAccount } from '../../account';
import { useDocumentTitle } from '../../../shared/hooks';
import { useSession } from '../../../shared/session';
import { useApps } from '../api/apps';
import { AppCard } from '../components/app-card';
import { ImportAppDialog } from '../components/import-app-dialog';
import { NewAppDialog } from '../components/new-app-dialog';

/** `/home`: the builder's landing, listing the user's apps with the ways to start or import one. */
export function HomePage() {
  const { user } = useSession();
  const account = useCurrentAccount();
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const [isImportOpen, setIsImportOpen] = useState(false);
  const apps = useApps();
  useDocumentTitle('Your apps');
  const firstName = user?.name?.split(' ')[0];

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="flex flex-col gap-5 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-2">
          <p className="text-sm font-medium text-ink-subtle">{firstName ? `Welcome, ${firstName}` : 'Welcome'}</p>
          <h1 className="text-2xl font-semibold tracking-tight text-ink sm:text-3xl">Your apps</h1>
          <div className="flex h-6 items-center gap-2" aria-live="polite">
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
        </div>
        <div className="flex gap-2 self-start sm:self-auto">
          <Button size="lg" variant="secondary" onClick={() => setIsImportOpen(true)}>
            <FileUp aria-hidden />
            Import app
          </Button>
          <Button size="lg" onClick={() => setIsDialogOpen(true)}>
            <Plus aria-hidden />
            New app
          </Button>
        </div>
      </div>

      <section aria-label="Apps" className="mt-8 sm:mt-10" aria-busy={apps.isPending}>
        {apps.isPending ? (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-44 rounded-2xl" />
            ))}
          </div>
        ) : apps.data && apps.data.length > 0 ? (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {apps.data.map((app) => (
              <li key={app.appId} className="flex">
                <AppCard app={app} />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState
            icon={<LayoutGrid />}
            title="No apps yet"
            text="Describe an app in plain words and Tessera will build it for you: pages, data and AI, ready to brand and publish."
            action={
              <Button variant="secondary" onClick={() => setIsDialogOpen(true)}>
                Describe your first app
              </Button>
            }
          />
        )}
      </section>

      <NewAppDialog open={isDialogOpen} onOpenChange={setIsDialogOpen} />
      <ImportAppDialog open={isImportOpen} onOpenChange={setIsImportOpen} />
    </div>
  );
}
