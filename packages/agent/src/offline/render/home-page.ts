// `pages/Home.jsx`: the dashboard, a count per entity and the latest records of the first one.
import { displayFieldOf } from '../fields';
import { entityIdentifier, iconOf, pagesOf, type AppModel } from '../app-model';
import { capitalize, humanize, jsString, listJoin, pluralize } from '../text';
import { entityImport, lucideImport } from './code';
import { CLASSES } from './shared';
/** `pages/Home.jsx`: a dashboard with a count per entity and the latest records of the first one. */
export function renderHome(model: AppModel): string {
  const entities = model.entities.filter((e) => e.hasPages);
  const first = entities[0];
  const sections = entities.map((e) => {
    const p = pagesOf(e.name);
    return `  { label: ${jsString(capitalize(humanize(pluralize(e.name))))}, page: ${jsString(p.list)}, form: ${jsString(p.form)}, entity: ${entityIdentifier(e.name)}, icon: ${iconOf(e.name)} },`;
  });
  const firstDisplay = first ? displayFieldOf(first.schema) : null;
  const firstPages = first ? pagesOf(first.name) : null;
  const firstLabel = first ? humanize(pluralize(first.name)) : '';
  const recentTitle = firstDisplay ? `item.${firstDisplay} || "Untitled"` : `"#" + item.id.slice(0, 8)`;

  const body = first
    ? `      {error && <ErrorMessage message={error} onRetry={reload} />}

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {SECTIONS.map((section) => {
          const Icon = section.icon;
          const count = counts[section.page];
          return (
            <div key={section.page} className="${CLASSES.card} flex items-center gap-4 p-5">
              <div className="rounded-lg bg-primary/10 p-3 text-primary">
                <Icon className="h-5 w-5" />
              </div>
              <Link to={createPageUrl(section.page)} className="min-w-0 flex-1">
                <p className="text-sm text-muted-foreground">{section.label}</p>
                <p className="text-2xl font-semibold">{isLoading ? "…" : count >= COUNT_LIMIT ? COUNT_LIMIT + "+" : count ?? 0}</p>
              </Link>
              <Link to={createPageUrl(section.form)} className="${CLASSES.iconButton}" aria-label={"New " + section.label}>
                <PlusIcon className="h-4 w-4" />
              </Link>
            </div>
          );
        })}
      </div>

      <section className="${CLASSES.card} p-5">
        <div className="mb-3 flex items-center justify-between">
          <h2 className="font-semibold">Latest ${firstLabel}</h2>
          <Link to={createPageUrl(${jsString(firstPages!.list)})} className="text-sm font-medium text-primary hover:underline">
            View all
          </Link>
        </div>
        {isLoading ? (
          <LoadingState />
        ) : recent.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">
            Nothing here yet.{" "}
            <Link to={createPageUrl(${jsString(firstPages!.form)})} className="font-medium text-primary hover:underline">
              Add the first one
            </Link>
          </p>
        ) : (
          <ul className="divide-y divide-border">
            {recent.map((item) => (
              <li key={item.id} className="flex items-center justify-between gap-3 py-2.5">
                <Link to={createPageUrl(${jsString(`${firstPages!.detail}?id=`)} + item.id)} className="truncate text-sm font-medium hover:text-primary">
                  {${recentTitle}}
                </Link>
                <span className="shrink-0 text-xs text-muted-foreground">{formatDate(item.createdAt)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>`
    : `      <div className="${CLASSES.card} p-8 text-center text-sm text-muted-foreground">
        This app has no data yet. Ask the builder to add something to track, for example "add a Contacts entity with name and email".
      </div>`;

  const logic = first
    ? `  const { data, isLoading, error, reload } = useLoad(() =>
    Promise.all(SECTIONS.map((section) => section.entity.list("-createdAt", COUNT_LIMIT))),
  );
  const counts = Object.fromEntries(SECTIONS.map((section, index) => [section.page, data?.[index].length]));
  const recent = data ? data[0].slice(0, 5) : [];

`
    : '';

  const head = first
    ? `import React from "react";
import { Link } from "react-router-dom";
${lucideImport(['PlusIcon', ...entities.map((e) => iconOf(e.name))])}
${entities.map((e) => entityImport(e.name)).join('\n')}
import { createPageUrl, useAppLook } from "@/utils";
import PageHeader from "@/components/PageHeader";
import LoadingState from "@/components/LoadingState";
import ErrorMessage from "@/components/ErrorMessage";
import { formatDate } from "@/services/format";
import { useLoad } from "@/services/useRecords";

// Counting loads up to this many records per entity.
const COUNT_LIMIT = 1000;

const SECTIONS = [
${sections.join('\n')}
];
`
    : `import React from "react";
import { useAppLook } from "@/utils";
import PageHeader from "@/components/PageHeader";
`;
  const subtitle = first
    ? `An overview of your ${listJoin(entities.map((e) => humanize(pluralize(e.name))))}.`
    : `Welcome to ${model.name}.`;
  return `${head}
export default function Home() {
  const { welcomeMessage } = useAppLook();
${logic}  return (
    <div className="space-y-6">
      <PageHeader title="Dashboard" subtitle={welcomeMessage || ${jsString(subtitle)}} />
${body}
    </div>
  );
}
`;
}
