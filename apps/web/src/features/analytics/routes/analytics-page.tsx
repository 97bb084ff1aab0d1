import { useEffect } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { BarChart3, Download, RefreshCw, TriangleAlert } from 'lucide-react';
import {
  ANALYTICS_MESSAGES,
  ANALYTICS_RANGES,
  DEFAULT_ANALYTICS_RANGE,
  type AnalyticsRange,
  type AnalyticsResponse,
} from '@tessera/contracts/analytics';
import { Button, EmptyState, Skeleton, Tabs, TabsList, TabsTrigger, toast } from '@tessera/ui';
import { errorMessage, saveBlob } from '../../../shared/api';
import { useDocumentTitle } from '../../../shared/hooks';
import { AppPageBar, PageTitle } from '../../../shared/page-header';
import { useAppDetails } from '../../builder';
import { useAnalytics } from '../api/analytics';
import { SeriesChart } from '../components/series-chart';
import { SummaryTiles } from '../components/summary-tiles';
import { analyticsCsv, analyticsFileName } from '../lib/csv';
import { CHARTS, seriesOf } from '../lib/series';

const rangeOf = (value: string | null): AnalyticsRange =>
  ANALYTICS_RANGES.find((r) => String(r) === value) ?? DEFAULT_ANALYTICS_RANGE;

/** `/analytics/app/{appId}`: how the published app is used, per day (docs/product/analytics.md#screens-and-routes). */
export function AnalyticsPage() {
  const { appId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const days = rangeOf(params.get('days'));
  const app = useAppDetails(appId);
  const analytics = useAnalytics(appId, days);
  useDocumentTitle(app.data ? `${app.data.name} · Analytics` : 'Analytics');

  const failed = analytics.isError ? analytics.error : null;
  useEffect(() => {
    if (failed) toast.error(ANALYTICS_MESSAGES.loadFailed, { description: errorMessage(failed) });
  }, [failed]);

  const data = analytics.data;
  const showsRange = Boolean(data?.published);

  return (
    <div className="min-h-dvh bg-canvas">
      <AppPageBar
        back={{ to: `/build/app/${appId}`, label: 'Back to the builder', text: 'Builder' }}
        appName={app.data?.name}
      />

      <main className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
        <PageTitle
          title="Analytics"
          description={
            data && showsRange ? `${data.from} to ${data.to}, days in UTC` : 'How your published app is used'
          }
        >
          {showsRange && data && (
            <div className="flex w-full flex-wrap items-center gap-2 sm:w-auto">
              <Tabs value={String(days)} onValueChange={(v) => setParams({ days: v }, { replace: true })}>
                <TabsList aria-label="Range" className="w-auto">
                  {ANALYTICS_RANGES.map((r) => (
                    <TabsTrigger key={r} value={String(r)} className="whitespace-nowrap">
                      {r} days
                    </TabsTrigger>
                  ))}
                </TabsList>
              </Tabs>
              <Button variant="secondary" onClick={() => exportCsv(app.data?.name ?? '', data)}>
                <Download aria-hidden />
                Export CSV
              </Button>
            </div>
          )}
        </PageTitle>

        {failed ? (
          <EmptyState
            icon={<TriangleAlert />}
            title={ANALYTICS_MESSAGES.loadFailed}
            text={errorMessage(failed)}
            action={
              <Button variant="secondary" onClick={() => void analytics.refetch()} loading={analytics.isFetching}>
                <RefreshCw aria-hidden />
                Try again
              </Button>
            }
          />
        ) : !data ? (
          <div className="space-y-4" aria-busy="true" aria-label="Loading analytics">
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {Array.from({ length: 8 }, (_, i) => (
                <Skeleton key={i} className="h-20 rounded-xl" />
              ))}
            </div>
            <div className="grid gap-4 lg:grid-cols-2">
              {[0, 1].map((i) => (
                <Skeleton key={i} className="h-72 rounded-xl" />
              ))}
            </div>
          </div>
        ) : !data.published ? (
          <EmptyState
            icon={<BarChart3 />}
            title={ANALYTICS_MESSAGES.notPublished}
            text="Visits, sign-ups, records and tool runs show here from the first publish on."
            action={
              <Button asChild>
                <Link to={`/build/app/${appId}`}>Open the builder</Link>
              </Button>
            }
          />
        ) : (
          <Figures data={data} />
        )}
      </main>
    </div>
  );
}

function Figures({ data }: { data: AnalyticsResponse }) {
  const { tiles, charted } = seriesOf(data);
  const days = data.daily.map((d) => d.day);
  return (
    <div className="space-y-6">
      <SummaryTiles tiles={tiles} />
      <div className="grid gap-4 lg:grid-cols-2">
        {CHARTS.map((spec) => (
          <SeriesChart key={spec.id} spec={spec} series={charted.filter((s) => s.chart === spec.id)} days={days} />
        ))}
      </div>
    </div>
  );
}

function exportCsv(appName: string, data: AnalyticsResponse) {
  const { tiles, entities } = seriesOf(data);
  saveBlob(
    analyticsFileName(appName, data),
    new Blob([analyticsCsv(data, tiles, entities)], { type: 'text/csv;charset=utf-8' }),
  );
  toast.success('Analytics exported');
}
