// `pages/Calendar.jsx`: an agenda of every record with a date, grouped by day, upcoming first.
import { displayFieldOf, fieldSpecsOf, type FieldSpec } from '../fields';
import { entityIdentifier, pagesOf, type AppModel, type ExtraPage } from '../app-model';
import { capitalize, humanize, jsString } from '../text';
import { entityImport } from './code';
import { renderCustomPage } from './info-pages';
import { CLASSES } from './shared';
/** An agenda of every record with a date: grouped by day, upcoming first, past days on request. */
export function renderCalendarPage(model: AppModel, page: ExtraPage): string {
  const names = model.entities.map((e) => e.name);
  const sources = model.entities
    .filter((e) => e.hasPages)
    .map((e) => ({ e, field: fieldSpecsOf(e.schema, names).find((f) => f.kind === 'date' || f.kind === 'datetime') }))
    .filter((x): x is { e: (typeof x)['e']; field: FieldSpec } => x.field !== undefined);
  if (sources.length === 0) return renderCustomPage(model, page);
  const lines = sources.map(({ e, field }) => {
    const display = displayFieldOf(e.schema);
    return `  { label: ${jsString(capitalize(humanize(e.name)))}, entity: ${entityIdentifier(e.name)}, field: ${jsString(field.key)}, hasTime: ${field.kind === 'datetime'}, titleField: ${display ? jsString(display) : 'null'}, detail: ${jsString(pagesOf(e.name).detail)} },`;
  });
  return `import React, { useMemo, useState } from "react";
import { Link } from "react-router-dom";
${[...new Set(sources.map((x) => x.e.name))].map(entityImport).join('\n')}
import { createPageUrl } from "@/utils";
import PageHeader from "@/components/PageHeader";
import LoadingState from "@/components/LoadingState";
import ErrorMessage from "@/components/ErrorMessage";
import EmptyState from "@/components/EmptyState";
import { formatDate, toDateTimeInput } from "@/services/format";
import { useLoad } from "@/services/useRecords";

// Each source is an entity and the date field that places its records on the agenda.
const SOURCES = [
${lines.join('\n')}
];

function localDay(value, hasTime) {
  return hasTime ? toDateTimeInput(value).slice(0, 10) : String(value).slice(0, 10);
}

export default function ${page.name}() {
  const [showPast, setShowPast] = useState(false);
  const today = toDateTimeInput(new Date().toISOString()).slice(0, 10);
  const { data: items, isLoading, error } = useLoad(() =>
    Promise.all(SOURCES.map((source) => source.entity.list(source.field, 1000))).then((results) => {
      const all = results.flatMap((rows, index) => {
        const source = SOURCES[index];
        return rows
          .filter((row) => row[source.field])
          .map((row) => ({
            key: source.label + row.id,
            day: localDay(row[source.field], source.hasTime),
            time: source.hasTime ? toDateTimeInput(row[source.field]).slice(11, 16) : "",
            title: (source.titleField && row[source.titleField]) || source.label + " " + row.id.slice(0, 8),
            label: source.label,
            to: createPageUrl(source.detail + "?id=" + row.id),
          }));
      });
      return all.sort((a, b) => (a.day + a.time).localeCompare(b.day + b.time));
    }),
  );

  const days = useMemo(() => {
    const groups = new Map();
    for (const item of items ?? []) {
      if (!showPast && item.day < today) continue;
      if (!groups.has(item.day)) groups.set(item.day, []);
      groups.get(item.day).push(item);
    }
    return [...groups.entries()];
  }, [items, showPast, today]);

  if (isLoading) return <LoadingState />;

  return (
    <div className="space-y-6">
      <PageHeader title=${jsString(page.title)} subtitle="Everything with a date, day by day.">
        <label className="flex items-center gap-2 text-sm text-muted-foreground">
          <input type="checkbox" checked={showPast} onChange={(event) => setShowPast(event.target.checked)} className="h-4 w-4 accent-primary" />
          Show past days
        </label>
      </PageHeader>
      {error && <ErrorMessage message={error} />}
      {days.length === 0 ? (
        <EmptyState title="Nothing scheduled" message={showPast ? "No records have a date yet." : "Nothing from today on. Tick “Show past days” to look back."} />
      ) : (
        days.map(([day, dayItems]) => (
          <section key={day} className="${CLASSES.card} p-5">
            <h2 className="mb-3 flex items-center gap-2 font-semibold">
              {formatDate(day)}
              {day === today && <span className="rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary">Today</span>}
            </h2>
            <ul className="divide-y divide-border">
              {dayItems.map((item) => (
                <li key={item.key} className="flex items-center gap-3 py-2 text-sm">
                  {item.time && <span className="w-12 shrink-0 text-muted-foreground">{item.time}</span>}
                  <Link to={item.to} className="min-w-0 flex-1 truncate font-medium hover:text-primary">
                    {item.title}
                  </Link>
                  <span className="shrink-0 rounded-full bg-muted px-2 py-0.5 text-xs text-muted-foreground">{item.label}</span>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </div>
  );
}
`;
}
