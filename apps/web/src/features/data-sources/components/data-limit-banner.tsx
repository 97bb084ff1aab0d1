import { Gauge } from 'lucide-react';
import { MESSAGES } from '@tessera/contracts';
import { Button } from '@tessera/ui';

/** The monthly data processing limit banner (docs/product/data-sources.md#errors) with its upgrade action. */
export function DataLimitBanner({ onUpgrade }: { onUpgrade: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:flex-row sm:items-center"
    >
      <Gauge className="hidden size-5 shrink-0 text-amber-600 sm:block" aria-hidden />
      <p className="min-w-0 flex-1">
        <span className="font-medium">{MESSAGES.dataSources.dataLimitReached}</span>{' '}
        <span className="text-amber-800">New data waits until next month or an upgrade.</span>
      </p>
      <Button size="sm" onClick={onUpgrade} className="self-start sm:self-auto">
        Upgrade
      </Button>
    </div>
  );
}
