import { useState, type FormEvent } from 'react';
import { Globe } from 'lucide-react';
import { MESSAGES } from '@tessera/contracts';
import { type ContextItem } from '@tessera/contracts/context';
import { Button, Checkbox, Field, Input, Progress, toast } from '@tessera/ui';
import { useIngestMutations } from '../api/context';
import { upgradeOrToast } from '../lib/upgrade-or-toast';
import { serverMessageOr } from '../lib/errors';
import { isLiveStatus, statusLabel } from '../lib/status';
import { parseWebAddress } from '../lib/web-address';
import { useSingleFlight } from '../../../shared/hooks';
import type { AddSourceProps } from './add-source-props';

export interface WebScraperFormProps extends AddSourceProps {
  /** The app's items, to follow the crawl this form started. */
  items: ContextItem[];
}

/**
 * Web scraper option: one page, or a crawl of the same site's links up to the plan's depth and page
 * count (docs/product/data-sources.md#limits). The started crawl's progress shows under the form until it settles.
 */
export function WebScraperForm({ appId, limits, requestAdd, onUpgrade, items }: WebScraperFormProps) {
  const [address, setAddress] = useState('');
  const [shouldCrawl, setShouldCrawl] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [startedIds, setStartedIds] = useState<string[]>([]);
  const { metadata } = useIngestMutations(appId);
  // Followed here only while it runs; once settled the list below shows how it ended.
  const started = items.filter((item) => startedIds.includes(item.id) && isLiveStatus(item.status));

  const once = useSingleFlight();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseWebAddress(address);
    if (!parsed.ok) return setError(parsed.error);
    // A double click adds one item (and never opens the upgrade prompt for the second).
    void once(async () => {
      if (!requestAdd()) return;
      const crawl = shouldCrawl
        ? { maxPages: limits.scraperMaxPages, maxDepth: limits.scraperMaxDepth }
        : { maxPages: 1, maxDepth: 0 };
      await metadata.mutateAsync([{ source: 'web_scraper', url: parsed.url, ...crawl }], {
        onSuccess: ({ contextItemIds }) => {
          setStartedIds(contextItemIds);
          setAddress('');
          toast.success(shouldCrawl ? 'Scraping the site' : 'Scraping the page');
        },
        onError: (err) => {
          upgradeOrToast(err, onUpgrade, serverMessageOr(err, MESSAGES.dataSources.uploadDataFailed));
        },
      });
    });
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4">
      <Field
        label="Website address"
        error={error ?? undefined}
        hint="Public pages only. Tessera follows the site's robots.txt."
      >
        <Input
          type="url"
          inputMode="url"
          autoComplete="url"
          value={address}
          onChange={(e) => {
            setAddress(e.target.value);
            setError(null);
          }}
          placeholder="https://example.com"
        />
      </Field>
      <label className="flex items-start gap-2.5 text-sm text-ink">
        <Checkbox checked={shouldCrawl} onChange={(e) => setShouldCrawl(e.target.checked)} className="mt-0.5" />
        <span>
          Also scrape the pages it links to
          <span className="block text-[13px] text-ink-subtle">
            Same site only, up to {limits.scraperMaxPages} pages, {limits.scraperMaxDepth} links deep on your plan.
          </span>
        </span>
      </label>
      {started.map((item) => (
        <div
          key={item.id}
          className="space-y-1.5 rounded-lg border border-line bg-surface-muted px-3 py-2.5"
          role="status"
          aria-live="polite"
        >
          <p className="flex items-center gap-2 text-[13px] text-ink">
            <Globe className="size-3.5 shrink-0 text-ink-subtle" aria-hidden />
            <span className="min-w-0 flex-1 truncate">{item.name}</span>
            <span className="shrink-0 text-ink-subtle tabular-nums">
              {item.progress && item.status === 'running'
                ? `${item.progress.done} of ${item.progress.total} pages`
                : statusLabel(item.status)}
            </span>
          </p>
          <Progress
            value={item.progress && item.progress.total > 0 ? (item.progress.done / item.progress.total) * 100 : 0}
            label={`Scraping progress of ${item.name}`}
            className={item.progress ? undefined : 'animate-pulse'}
          />
        </div>
      ))}
      <div className="flex justify-end">
        <Button type="submit" loading={metadata.isPending}>
          Scrape
        </Button>
      </div>
    </form>
  );
}
