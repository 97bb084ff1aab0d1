import { useState } from 'react';
import { LayoutGrid, Plus, ShieldCheck } from 'lucide-react';
import { Badge, Button, EmptyState, Skeleton } from '@tessera/ui';
import { planLabel, useCurrentAccount } from '../../account';
import { useDocumentTitle } from '../../../shared/hooks';
import { useSession } from '../../../shared/session';
import { NewAppDialog } from '../components/new-app-dialog';

/** `/home`: the builder's landing, listing the user's apps (none yet) with the way to start one. */
export function HomePage() {
  const { user } = useSession();
  const account = useCurrentAccount();
  const [isDialogOpen, setIsDialogOpen] = useState(false);
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
        <Button size="lg" onClick={() => setIsDialogOpen(true)} className="self-start sm:self-auto">
          <Plus aria-hidden />
          New app
        </Button>
      </div>

      <section aria-label="Apps" className="mt-8 sm:mt-10">
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
      </section>

      <NewAppDialog open={isDialogOpen} onOpenChange={setIsDialogOpen} />
    </div>
  );
}
