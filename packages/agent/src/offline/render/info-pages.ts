// Pages with little logic of their own: About, Statistics, and a titled page for anything else.
import { fieldSpecsOf } from '../fields';
import { entityIdentifier, pagesOf, type AppModel, type ExtraPage } from '../app-model';
import { capitalize, humanize, jsString, listJoin, pluralize } from '../text';
import { entityImport } from './code';
import { CLASSES } from './shared';
/** `pages/About.jsx`: what the app is for and where to find things. */
export function renderAboutPage(model: AppModel, page: ExtraPage): string {
  const entities = model.entities.filter((e) => e.hasPages);
  const summary = entities.length
    ? `${model.name} helps you keep track of your ${listJoin(entities.map((e) => humanize(pluralize(e.name))))}.`
    : `${model.name} is ready for your ideas.`;
  const links = entities.map((e) => {
    const p = pagesOf(e.name);
    return `          <li>
            <Link to={createPageUrl(${jsString(p.list)})} className="font-medium text-primary hover:underline">
              ${capitalize(humanize(pluralize(e.name)))}
            </Link>
          </li>`;
  });
  return `import React from "react";
${links.length ? 'import { Link } from "react-router-dom";\nimport { createPageUrl } from "@/utils";\n' : ''}import PageHeader from "@/components/PageHeader";

export default function ${page.name}() {
  return (
    <div className="space-y-6">
      <PageHeader title=${jsString(page.title)} subtitle=${jsString(`About ${model.name}`)} />
      <div className="${CLASSES.card} space-y-4 p-6 text-sm leading-6">
        <p>${escapeJsxText(summary)}</p>
${
  links.length
    ? `        <p>Everything is organised in these sections:</p>
        <ul className="list-inside list-disc space-y-1">
${links.join('\n')}
        </ul>`
    : ''
}
        <p className="text-muted-foreground">Your data is saved securely and is only visible to the people allowed to see it.</p>
      </div>
    </div>
  );
}
`;
}

/** `pages/Statistics.jsx`: totals per entity, breakdowns of choice fields, shares of yes/no fields, sums of numbers. */
export function renderStatisticsPage(model: AppModel, page: ExtraPage): string {
  const entities = model.entities.filter((e) => e.hasPages);
  const names = model.entities.map((e) => e.name);
  const stats = entities.map((e) => {
    const fields = fieldSpecsOf(e.schema, names);
    const pick = (kind: string) =>
      fields
        .filter((f) => f.kind === kind)
        .map(
          (f) =>
            `{ key: ${jsString(f.key)}, label: ${jsString(f.label)}${f.currency ? `, currency: ${jsString(f.currency)}` : ''} }`,
        );
    return `  {
    label: ${jsString(capitalize(humanize(pluralize(e.name))))},
    entity: ${entityIdentifier(e.name)},
    choices: [${pick('select').join(', ')}],
    flags: [${pick('boolean').join(', ')}],
    numbers: [${pick('number').join(', ')}],
  },`;
  });
  return `import React from "react";
${entities.map((e) => entityImport(e.name)).join('\n')}
import PageHeader from "@/components/PageHeader";
import LoadingState from "@/components/LoadingState";
import ErrorMessage from "@/components/ErrorMessage";
import EmptyState from "@/components/EmptyState";
import { formatMoney, formatNumber, prettify } from "@/services/format";
import { useLoad } from "@/services/useRecords";

// Statistics are computed from up to this many records per entity.
const RECORD_LIMIT = 1000;

const STATS = [
${stats.join('\n')}
];

function countBy(rows, key) {
  const counts = {};
  for (const row of rows) {
    const value = row[key] ?? "none";
    counts[value] = (counts[value] || 0) + 1;
  }
  return Object.entries(counts).sort((a, b) => b[1] - a[1]);
}

function BarList({ title, entries, total }) {
  return (
    <div>
      <h3 className="mb-2 text-sm font-medium">{title}</h3>
      <ul className="space-y-2">
        {entries.map(([value, count]) => (
          <li key={value} className="text-sm">
            <div className="mb-1 flex justify-between">
              <span>{prettify(value)}</span>
              <span className="text-muted-foreground">{count}</span>
            </div>
            <div className="h-2 rounded-full bg-muted">
              <div className="h-2 rounded-full bg-primary" style={{ width: Math.round((count / Math.max(total, 1)) * 100) + "%" }} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function ${page.name}() {
  const { data: rowsByLabel, isLoading, error } = useLoad(() =>
    Promise.all(STATS.map((stat) => stat.entity.list("-createdAt", RECORD_LIMIT))).then((results) =>
      Object.fromEntries(STATS.map((stat, index) => [stat.label, results[index]])),
    ),
  );

  if (isLoading) return <LoadingState label="Crunching the numbers…" />;

  return (
    <div className="space-y-6">
      <PageHeader title=${jsString(page.title)} subtitle="Totals and breakdowns of your data." />
      {error && <ErrorMessage message={error} />}
      {STATS.length === 0 && <EmptyState title="Nothing to count yet" message="Add an entity to see statistics here." />}
      {STATS.map((stat) => {
        const rows = rowsByLabel?.[stat.label] || [];
        return (
          <section key={stat.label} className="${CLASSES.card} space-y-5 p-5">
            <div className="flex items-baseline justify-between">
              <h2 className="font-semibold">{stat.label}</h2>
              <span className="text-2xl font-semibold">{rows.length}</span>
            </div>
            {stat.numbers.length > 0 && (
              <div className="grid gap-3 sm:grid-cols-2">
                {stat.numbers.map((field) => {
                  const values = rows.map((row) => Number(row[field.key])).filter((value) => Number.isFinite(value));
                  const sum = values.reduce((total, value) => total + value, 0);
                  const format = (value) => (field.currency ? formatMoney(value, field.currency) : formatNumber(value));
                  return (
                    <div key={field.key} className="rounded-lg bg-muted p-3 text-sm">
                      <p className="text-muted-foreground">{field.label}</p>
                      <p className="font-medium">
                        Total {format(sum)} · Average {values.length ? format(Math.round((sum / values.length) * 100) / 100) : "—"}
                      </p>
                    </div>
                  );
                })}
              </div>
            )}
            {stat.flags.map((field) => {
              const yes = rows.filter((row) => row[field.key]).length;
              return <BarList key={field.key} title={field.label} entries={[["yes", yes], ["no", rows.length - yes]]} total={rows.length} />;
            })}
            {stat.choices.map((field) => (
              <BarList key={field.key} title={field.label} entries={countBy(rows, field.key)} total={rows.length} />
            ))}
          </section>
        );
      })}
    </div>
  );
}
`;
}

/** A page the builder asked for that the offline model has no template for: a titled, ready-to-edit page. */
export function renderCustomPage(model: AppModel, page: ExtraPage): string {
  return `import React from "react";
import PageHeader from "@/components/PageHeader";

export default function ${page.name}() {
  return (
    <div className="space-y-6">
      <PageHeader title=${jsString(page.title)} subtitle=${jsString(`Part of ${model.name}`)} />
      <div className="${CLASSES.card} p-6 text-sm leading-6">
        <p>This is the ${escapeJsxText(page.title)} page. Edit pages/${page.name}.jsx to put your own content here.</p>
      </div>
    </div>
  );
}
`;
}

export function escapeJsxText(text: string): string {
  return text.replace(/[{}<>]/g, (c) => `{${jsString(c)}}`);
}
