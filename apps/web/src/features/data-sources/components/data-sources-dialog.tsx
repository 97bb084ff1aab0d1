import { useMemo, useState } from 'react';
import {
  DATA_SOURCES_DIALOG_TITLE,
  DATA_SOURCE_OPTIONS,
  type DataSourceOptionId,
  type UpgradeReason,
} from '@tessera/contracts/context';
import { planLimits } from '@tessera/contracts/plans';
import { Dialog, DialogContent } from '@tessera/ui';
import { useCurrentAccount } from '../../account';
import { useConnectors, useContextItems } from '../api/context';
import { useContextLiveUpdates } from '../api/live-updates';
import { upgradeReasonForNewItem } from '../lib/plan-gate';
import { hasLiveItems } from '../lib/status';
import type { AddSourceProps } from './add-source-props';
import { ConnectorSource } from './connector-source';
import { ContextItemList } from './context-item-list';
import { DataLimitBanner } from './data-limit-banner';
import { FileSourceForm } from './file-source-form';
import { SourcePicker } from './source-picker';
import { TextSourceForm } from './text-source-form';
import { UpgradePrompt } from './upgrade-prompt';
import { WebScraperForm } from './web-scraper-form';

export interface DataSourcesDialogProps {
  appId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The Data Sources dialog (docs/product/data-sources.md#screens-and-routes): add text, a CSV, a Doc, a PDF, a website or a connector
 * item, and manage the app's items with their live sync status (docs/product/data-sources.md#states-and-transitions).
 */
export function DataSourcesDialog({ appId, open, onOpenChange }: DataSourcesDialogProps) {
  const [source, setSource] = useState<DataSourceOptionId>('text');
  const [upgrade, setUpgrade] = useState<{ reason: UpgradeReason; message?: string } | null>(null);
  const openUpgrade = (reason: UpgradeReason, message?: string) => setUpgrade({ reason, message });
  const account = useCurrentAccount(open);
  const list = useContextItems(appId, { enabled: open });
  const connectors = useConnectors(open);
  const items = list.data?.contextItems;
  useContextLiveUpdates(appId, open && Boolean(items && hasLiveItems(items)));

  const plan = account.data?.plan;
  const limits = planLimits(plan ?? 'lite');
  const unconfigured = useMemo(() => {
    const configured = new Set(connectors.data?.connectors.filter((c) => c.configured).map((c) => c.id));
    return new Set<DataSourceOptionId>((['notion', 'google_drive'] as const).filter((id) => !configured.has(id)));
  }, [connectors.data]);

  function requestAdd(): boolean {
    // Before the plan and the list are known the server's own check decides.
    const reason = plan && items ? upgradeReasonForNewItem(plan, items.length) : null;
    if (reason) openUpgrade(reason);
    return reason === null;
  }

  const formProps: AddSourceProps = { appId, limits, requestAdd, onUpgrade: openUpgrade };
  const sourceLabel = DATA_SOURCE_OPTIONS.find((o) => o.id === source)!.label;

  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent
          size="lg"
          title={DATA_SOURCES_DIALOG_TITLE}
          description="Business data your app and its tools answer from. Each source is split into chunks and indexed."
        >
          <div className="space-y-6">
            {list.data?.hasReachedDataLimit && (
              <DataLimitBanner onUpgrade={() => openUpgrade('data_processing_limit')} />
            )}

            <section aria-labelledby="data-sources-add" className="space-y-3">
              <h3 id="data-sources-add" className="text-sm font-semibold text-ink">
                Add data
              </h3>
              <SourcePicker value={source} onChange={setSource} unconfigured={unconfigured} />
              <div
                role="group"
                aria-label={sourceLabel}
                className="rounded-xl border border-line bg-surface-muted/50 p-4"
              >
                {source === 'text' && <TextSourceForm {...formProps} />}
                {(source === 'csv' || source === 'doc' || source === 'pdf') && (
                  <FileSourceForm key={source} kind={source} {...formProps} />
                )}
                {source === 'web_scraper' && <WebScraperForm {...formProps} items={items ?? []} />}
                {(source === 'notion' || source === 'google_drive') && (
                  <ConnectorSource
                    key={source}
                    connector={source}
                    isConfigured={!unconfigured.has(source)}
                    {...formProps}
                  />
                )}
              </div>
            </section>

            <section aria-labelledby="data-sources-items" className="space-y-3">
              <h3 id="data-sources-items" className="flex items-baseline gap-2 text-sm font-semibold text-ink">
                Your data
                {items && (
                  <span className="text-xs font-normal text-ink-subtle tabular-nums">
                    {plan ? `${items.length} of ${limits.maxDataItems}` : items.length}
                  </span>
                )}
              </h3>
              <ContextItemList
                appId={appId}
                items={items}
                isPending={list.isPending}
                isError={list.isError}
                onRetry={() => void list.refetch()}
                maxFileSizeBytes={limits.maxFileSizeBytes}
                onUpgrade={openUpgrade}
              />
            </section>
          </div>
        </DialogContent>
      </Dialog>
      <UpgradePrompt
        reason={upgrade?.reason ?? null}
        message={upgrade?.message}
        currentPlan={plan}
        onClose={() => setUpgrade(null)}
      />
    </>
  );
}
