// The list page of an entity: search, filters on choice and yes/no fields, sort, inline toggles, delete.
import type { AppModel } from '../app-model';
import type { FieldSpec } from '../fields';
import { capitalize, jsString, labelOf, pluralize } from '../text';
import { access, jsArray, lines, lucideImport } from './code';
import {
  contextOf,
  distinctTargets,
  entityImports,
  fieldValueTag,
  loadingOf,
  relationLabel,
  relationLoads,
  titleExpr,
  type EntityContext,
} from './entity-context';
import { CLASSES } from './shared';

// Yes/no fields that mean "finished": the list strikes such records through.
const DONE_KEYS = new Set([
  'done',
  'completed',
  'complete',
  'finished',
  'is_done',
  'is_completed',
  'resolved',
  'watched',
  'read',
]);

const namesMapName = (r: EntityContext['relations'][number]) => `${r.targetVars.one}Names`;

/** The list page: search, filters on enum and yes/no fields, sort, inline toggles, delete with confirm. */
export function renderListPage(model: AppModel, entity: string): string {
  const ctx = contextOf(model, entity);
  const { one, many } = ctx.vars;
  const booleans = ctx.fields.filter((f) => f.kind === 'boolean');
  const leading = booleans[0];
  const selects = ctx.fields.filter((f) => f.kind === 'select');
  const filters = [...selects.slice(0, 2), ...booleans.slice(0, 1)];
  const searchable = ctx.fields
    .filter((f) => ['text', 'longtext', 'email', 'url', 'select', 'tags'].includes(f.kind))
    .map((f) => access(one, f.key));
  // Linked records first: a list of appointments names the patient and the doctor before anything else.
  const shown = ctx.fields.filter(
    (f) => f.key !== ctx.display && f !== leading && !['longtext', 'image', 'json'].includes(f.kind),
  );
  const meta = [...shown.filter((f) => f.kind === 'relation'), ...shown.filter((f) => f.kind !== 'relation')].slice(
    0,
    4,
  );
  const relations = distinctTargets(ctx);
  const dateField = ctx.fields.find((f) => f.kind === 'date' || f.kind === 'datetime');
  const sorts = [
    `{ value: "-createdAt", label: "Newest first" }`,
    `{ value: "createdAt", label: "Oldest first" }`,
    ctx.display && `{ value: ${jsString(ctx.display)}, label: ${jsString(`${labelOf(ctx.display)} A–Z`)} }`,
    dateField && `{ value: ${jsString(dateField.key)}, label: ${jsString(`${dateField.label} (earliest)`)} }`,
  ].filter(Boolean);
  const visible = `visible${capitalize(many)}`;
  const isLoading = ['isLoading', ...relations.map(loadingOf)].join(' || ');
  const load = filters.length ? `{ query: queryOf(filters), sort, limit: LOAD_LIMIT }` : `{ sort, limit: LOAD_LIMIT }`;
  const newLink = (indent: string) =>
    lines(
      `<Link to={createPageUrl(${jsString(ctx.pages.form)})} className="${CLASSES.primaryButton}">`,
      `  <PlusIcon className="h-4 w-4" />`,
      `  New ${ctx.label}`,
      `</Link>`,
    ).replace(/\n/g, `\n${indent}`);

  return `${lines(
    `import React, { useMemo, useState } from "react";`,
    `import { Link } from "react-router-dom";`,
    lucideImport(['PlusIcon', 'SearchIcon', 'PencilIcon', 'Trash2Icon', ctx.icon]),
    ...entityImports(ctx),
    `import { createPageUrl } from "@/utils";`,
    `import PageHeader from "@/components/PageHeader";`,
    `import EmptyState from "@/components/EmptyState";`,
    `import LoadingState from "@/components/LoadingState";`,
    `import ErrorMessage from "@/components/ErrorMessage";`,
    meta.some((f) => f.kind !== 'relation') && `import FieldValue from "@/components/FieldValue";`,
    `import { errorMessage${filters.some((f) => f.kind === 'select') ? ', prettify' : ''} } from "@/services/format";`,
    `import { useRecords } from "@/services/useRecords";`,
  )}

// The list loads at most this many records; search and filters narrow them down.
const LOAD_LIMIT = 500;

const SORT_OPTIONS = [
  ${sorts.join(',\n  ')},
];${selects
    .slice(0, 2)
    .map((f) => `\nconst ${f.key.toUpperCase()}_OPTIONS = ${jsArray(f.options)};`)
    .join('')}
${filters.length ? `\n${queryOf(filters)}\n` : ''}
export default function ${ctx.pages.list}() {
${lines(
  `  const [search, setSearch] = useState("");`,
  `  const [sort, setSort] = useState("-createdAt");`,
  filters.length > 0 &&
    `  const [filters, setFilters] = useState({ ${filters.map((f) => `${f.key}: ""`).join(', ')} });`,
  `  const [actionError, setActionError] = useState("");`,
  `  const { records: ${many}, isLoading, error, reload, ${booleans.length ? 'update, ' : ''}remove } = useRecords(${ctx.id}, ${load});`,
  ...relationLoads(relations),
)}

${lines(
  ...relations.map(
    (r) =>
      `  const ${namesMapName(r)} = useMemo(() => Object.fromEntries(${r.targetVars.many}.map((row) => [row.id, ${relationLabel(r, 'row')}])), [${r.targetVars.many}]);`,
  ),
  `  const ${visible} = useMemo(() => {`,
  `    const term = search.trim().toLowerCase();`,
  `    if (!term) return ${many};`,
  searchable.length
    ? `    return ${many}.filter((${one}) =>\n      [${searchable.join(', ')}].some((value) => String(value ?? "").toLowerCase().includes(term))\n    );`
    : `    return ${many}.filter((${one}) => JSON.stringify(${one}).toLowerCase().includes(term));`,
  `  }, [${many}, search]);`,
  `  const isFiltered = Boolean(${filters.length ? 'search || Object.values(filters).some(Boolean)' : 'search'});`,
)}

  /** Runs a change, showing why it failed above the list. */
  async function act(change) {
    setActionError("");
    try {
      await change();
    } catch (err) {
      setActionError(errorMessage(err));
    }
  }
${
  booleans.length
    ? `
  function handleToggle(${one}, key) {
    return act(() => update(${one}.id, { [key]: !${one}[key] }));
  }
`
    : ''
}
  function handleDelete(${one}) {
    if (!window.confirm("Delete \\"" + (${titleExpr(ctx, one)}) + "\\"? This cannot be undone.")) return;
    return act(() => remove(${one}.id));
  }

  return (
    <div>
      <PageHeader title=${jsString(capitalize(ctx.labelPlural))} subtitle=${jsString(`Browse, search and manage your ${ctx.labelPlural}.`)}>
        ${newLink('        ')}
      </PageHeader>

      <div className="mb-4 flex flex-col gap-2 sm:flex-row">
        <div className="relative flex-1">
          <SearchIcon className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground" />
          <input
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder=${jsString(`Search ${ctx.labelPlural}…`)}
            aria-label=${jsString(`Search ${ctx.labelPlural}`)}
            className="${CLASSES.input} pl-9"
          />
        </div>
${lines(...filters.map(filterSelect))}
        <select value={sort} onChange={(event) => setSort(event.target.value)} aria-label="Sort" className="${CLASSES.input} sm:w-44">
          {SORT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>

      {actionError && (
        <div className="mb-4">
          <ErrorMessage message={actionError} />
        </div>
      )}

      {${isLoading} ? (
        <LoadingState label=${jsString(`Loading ${ctx.labelPlural}…`)} />
      ) : error ? (
        <ErrorMessage message={error} onRetry={reload} />
      ) : ${visible}.length === 0 ? (
        <EmptyState
          icon={${ctx.icon}}
          title={isFiltered ? ${jsString(`No matching ${ctx.labelPlural}`)} : ${jsString(`No ${ctx.labelPlural} yet`)}}
          message={isFiltered ? "Try another search or clear the filters." : ${jsString(`Create your first ${ctx.label} to get started.`)}}
          action={
            !isFiltered && (
              ${newLink('              ')}
            )
          }
        />
      ) : (
        <ul className="${CLASSES.card} divide-y divide-border">
          {${visible}.map((${one}) => (
            <li key={${one}.id} className="flex items-center gap-3 px-4 py-3">
${listRow(ctx, leading, meta)}
              <Link to={createPageUrl(${jsString(`${ctx.pages.form}?id=`)} + ${one}.id)} className="${CLASSES.iconButton}" aria-label="Edit">
                <PencilIcon className="h-4 w-4" />
              </Link>
              <button type="button" onClick={() => handleDelete(${one})} className="${CLASSES.iconButton} hover:text-danger" aria-label="Delete">
                <Trash2Icon className="h-4 w-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {!isLoading && ${many}.length >= LOAD_LIMIT && (
        <p className="mt-3 text-center text-xs text-muted-foreground">Showing the first {LOAD_LIMIT}. Use the filters to find older ${ctx.labelPlural}.</p>
      )}
    </div>
  );
}
`;
}

/** `queryOf(filters)`: the chosen filters as an entity query. */
function queryOf(filters: FieldSpec[]): string {
  return lines(
    `function queryOf(filters) {`,
    `  const query = {};`,
    ...filters.map((f) =>
      f.kind === 'boolean'
        ? `  if (filters.${f.key}) query.${f.key} = filters.${f.key} === "yes";`
        : `  if (filters.${f.key}) query.${f.key} = filters.${f.key};`,
    ),
    `  return query;`,
    `}`,
  );
}

function filterSelect(f: FieldSpec): string {
  const options =
    f.kind === 'boolean'
      ? [
          `<option value="">${f.label}: all</option>`,
          `<option value="yes">${f.label}: yes</option>`,
          `<option value="no">${f.label}: no</option>`,
        ]
      : [
          `<option value="">All ${pluralize(f.label.toLowerCase())}</option>`,
          `{${f.key.toUpperCase()}_OPTIONS.map((option) => (`,
          `  <option key={option} value={option}>`,
          `    {prettify(option)}`,
          `  </option>`,
          `))}`,
        ];
  return lines(
    `        <select value={filters.${f.key}} onChange={(event) => setFilters((current) => ({ ...current, ${f.key}: event.target.value }))} aria-label=${jsString(`Filter by ${f.label.toLowerCase()}`)} className="${CLASSES.input} sm:w-44">`,
    ...options.map((o) => `          ${o}`),
    `        </select>`,
  );
}

/** A row's checkbox, picture, title link and meta line. */
function listRow(ctx: EntityContext, leading: FieldSpec | undefined, meta: FieldSpec[]): string {
  const { one } = ctx.vars;
  const image = ctx.fields.find((f) => f.kind === 'image');
  const strike =
    leading && DONE_KEYS.has(leading.key)
      ? `{"font-medium hover:text-primary" + (${access(one, leading.key)} ? " text-muted-foreground line-through" : "")}`
      : `"font-medium hover:text-primary"`;
  const pad = (text: string) => text.replace(/^/gm, '              ');
  return pad(
    lines(
      leading &&
        lines(
          `<input`,
          `  type="checkbox"`,
          `  checked={Boolean(${access(one, leading.key)})}`,
          `  onChange={() => handleToggle(${one}, ${jsString(leading.key)})}`,
          `  aria-label=${jsString(leading.label)}`,
          `  className="h-4 w-4 shrink-0 cursor-pointer accent-primary"`,
          `/>`,
        ),
      image &&
        lines(
          `{${access(one, image.key)} ? (`,
          `  <img src={${access(one, image.key)}} alt="" className="h-12 w-12 shrink-0 rounded-lg border border-border object-cover" />`,
          `) : (`,
          `  <div className="flex h-12 w-12 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">`,
          `    <${ctx.icon} className="h-5 w-5" />`,
          `  </div>`,
          `)}`,
        ),
      `<div className="min-w-0 flex-1">`,
      `  <Link to={createPageUrl(${jsString(`${ctx.pages.detail}?id=`)} + ${one}.id)} className=${strike}>`,
      `    {${titleExpr(ctx, one)}}`,
      `  </Link>`,
      meta.length > 0 &&
        lines(
          `  <div className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">`,
          ...meta.map((f) => metaItem(ctx, f).replace(/^/gm, '    ')),
          `  </div>`,
        ),
      `</div>`,
    ),
  );
}

function metaItem(ctx: EntityContext, f: FieldSpec): string {
  const value = access(ctx.vars.one, f.key);
  switch (f.kind) {
    case 'relation':
      return `{${value} && <span>${f.label}: {${namesMapName(ctx.relations.find((x) => x.key === f.key)!)}[${value}] ?? "Unknown"}</span>}`;
    case 'boolean':
      return lines(
        `<button type="button" onClick={() => handleToggle(${ctx.vars.one}, ${jsString(f.key)})} className="hover:text-foreground">`,
        `  ${f.label}: <FieldValue type="checkbox" value={${value}} />`,
        `</button>`,
      );
    case 'select':
      return `{${value} && <FieldValue type="select" value={${value}} />}`;
    case 'tags':
      return `{${value}?.length > 0 && <FieldValue type="tags" value={${value}} />}`;
    default:
      return lines(
        `{${value} != null && ${value} !== "" && (`,
        `  <span>`,
        `    ${f.label}: ${fieldValueTag(f, value)}`,
        `  </span>`,
        `)}`,
      );
  }
}
