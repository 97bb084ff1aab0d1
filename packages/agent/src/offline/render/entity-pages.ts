// List, detail and form pages of one entity, generated from its schema.
import { displayFieldOf, fieldSpecsOf, type FieldSpec } from '../fields';
import { entityIdentifier, iconOf, pagesOf, varsOf, type AppModel } from '../app-model';
import { humanize, jsString, labelOf, pluralize } from '../text';
import { CLASSES } from './shared';

/** The FieldInput / FieldValue `type` of a field. */
export function inputTypeOf(field: FieldSpec): string {
  switch (field.kind) {
    case 'longtext':
      return 'textarea';
    case 'boolean':
      return 'checkbox';
    case 'relation':
      return 'select';
    case 'json':
      return 'json';
    default:
      return field.kind;
  }
}

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

/** Everything the three page generators share about an entity. */
interface EntityContext {
  name: string;
  id: string;
  label: string;
  labelPlural: string;
  pages: { list: string; detail: string; form: string };
  vars: { one: string; many: string };
  fields: FieldSpec[];
  display: string | null;
  icon: string;
  relations: Array<
    FieldSpec & {
      targetId: string;
      targetVars: { one: string; many: string };
      targetDisplay: string | null;
      targetHasPages: boolean;
    }
  >;
}

function contextOf(model: AppModel, name: string): EntityContext {
  const entry = model.entities.find((e) => e.name === name);
  if (!entry) throw new Error(`Unknown entity ${name}`);
  const names = model.entities.map((e) => e.name);
  const fields = fieldSpecsOf(entry.schema, names);
  const relations = fields
    .filter((f) => f.kind === 'relation' && f.target)
    .map((f) => {
      const target = model.entities.find((e) => e.name === f.target)!;
      const targetVars = varsOf(target.name);
      // A self-reference needs other names than the record being shown.
      const vars =
        target.name === name ? { one: `parent${target.name}`, many: `parent${pluralize(target.name)}` } : targetVars;
      return {
        ...f,
        targetId: entityIdentifier(target.name),
        targetVars: vars,
        targetDisplay: displayFieldOf(target.schema),
        targetHasPages: target.hasPages,
      };
    });
  return {
    name,
    id: entityIdentifier(name),
    label: humanize(name),
    labelPlural: humanize(pluralize(name)),
    pages: pagesOf(name),
    vars: varsOf(name),
    fields,
    display: displayFieldOf(entry.schema),
    icon: iconOf(name),
    relations,
  };
}

const cap = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const jsArray = (values: readonly string[]) => `[${values.map(jsString).join(', ')}]`;
const access = (obj: string, key: string) =>
  /^[A-Za-z_$][\w$]*$/.test(key) ? `${obj}.${key}` : `${obj}[${jsString(key)}]`;
const titleExpr = (ctx: EntityContext, obj: string) =>
  ctx.display
    ? `${access(obj, ctx.display)} || "Untitled ${ctx.label}"`
    : `"${cap(ctx.label)} " + ${obj}.id.slice(0, 8)`;

function entityImports(ctx: EntityContext, extra: string[] = []): string[] {
  const ids = new Map<string, string>([[ctx.name, ctx.id]]);
  for (const r of ctx.relations) ids.set(r.target!, r.targetId);
  for (const name of extra) ids.set(name, entityIdentifier(name));
  return [...ids].map(([name, id]) =>
    id === name
      ? `import { ${name} } from "@/entities/${name}";`
      : `import { ${name} as ${id} } from "@/entities/${name}";`,
  );
}

function lucideImport(icons: string[]): string {
  return `import { ${[...new Set(icons)].sort().join(', ')} } from "lucide-react";`;
}

function namesMapName(r: EntityContext['relations'][number]): string {
  return `${r.targetVars.one}Names`;
}

// ---------------------------------------------------------------------------------------------
// List page

/** The list page: search, filters on enum and yes/no fields, sort, inline toggles, delete with confirm. */
export function renderListPage(model: AppModel, entity: string): string {
  const ctx = contextOf(model, entity);
  const { one, many } = ctx.vars;
  const setMany = `set${cap(many)}`;
  const booleans = ctx.fields.filter((f) => f.kind === 'boolean');
  const leading = booleans[0];
  const selects = ctx.fields.filter((f) => f.kind === 'select');
  const filters = [...selects.slice(0, 2), ...booleans.slice(0, 1)];
  const searchable = ctx.fields
    .filter((f) => ['text', 'longtext', 'email', 'url', 'select', 'tags'].includes(f.kind))
    .map((f) => f.key);
  const image = ctx.fields.find((f) => f.kind === 'image');
  const dateField = ctx.fields.find((f) => f.kind === 'date' || f.kind === 'datetime');
  const meta = ctx.fields
    .filter((f) => f.key !== ctx.display && f !== leading && !['longtext', 'image', 'json'].includes(f.kind))
    .slice(0, 4);

  const sorts = [`{ value: "-createdAt", label: "Newest first" }`, `{ value: "createdAt", label: "Oldest first" }`];
  if (ctx.display) sorts.push(`{ value: ${jsString(ctx.display)}, label: ${jsString(`${labelOf(ctx.display)} A–Z`)} }`);
  if (dateField)
    sorts.push(`{ value: ${jsString(dateField.key)}, label: ${jsString(`${dateField.label} (earliest)`)} }`);

  const constants: string[] = [
    `// The list loads at most this many records; search and filters narrow them down.\nconst LOAD_LIMIT = 500;\n\nconst SORT_OPTIONS = [\n  ${sorts.join(',\n  ')},\n];`,
  ];
  for (const f of selects.slice(0, 2)) constants.push(`const ${f.key.toUpperCase()}_OPTIONS = ${jsArray(f.options)};`);

  const lines: string[] = [];
  const icons = ['PlusIcon', 'SearchIcon', 'PencilIcon', 'Trash2Icon', ctx.icon];
  lines.push(`import React, { useEffect, useMemo, useState } from "react";`);
  lines.push(`import { Link } from "react-router-dom";`);
  lines.push(lucideImport(icons));
  lines.push(...entityImports(ctx));
  lines.push(`import { createPageUrl } from "@/utils";`);
  lines.push(`import PageHeader from "@/components/PageHeader";`);
  lines.push(`import EmptyState from "@/components/EmptyState";`);
  lines.push(`import LoadingState from "@/components/LoadingState";`);
  lines.push(`import ErrorMessage from "@/components/ErrorMessage";`);
  if (meta.some((f) => f.kind !== 'relation')) lines.push(`import FieldValue from "@/components/FieldValue";`);
  lines.push(
    `import { errorMessage${filters.some((f) => f.kind === 'select') ? ', prettify' : ''} } from "@/services/format";`,
  );
  lines.push('');
  lines.push(constants.join('\n'));
  lines.push('');

  const filterState = filters.length ? `{ ${filters.map((f) => `${f.key}: ""`).join(', ')} }` : '{}';
  const relationLoads = ctx.relations.filter((r, i, all) => all.findIndex((o) => o.target === r.target) === i);
  const rowName = (r: (typeof relationLoads)[number]) => `${r.targetVars.one}Rows`;

  lines.push(`export default function ${ctx.pages.list}() {`);
  lines.push(`  const [${many}, ${setMany}] = useState([]);`);
  for (const r of relationLoads)
    lines.push(`  const [${r.targetVars.many}, set${cap(r.targetVars.many)}] = useState([]);`);
  lines.push(`  const [isLoading, setIsLoading] = useState(true);`);
  lines.push(`  const [error, setError] = useState("");`);
  lines.push(`  const [actionError, setActionError] = useState("");`);
  lines.push(`  const [search, setSearch] = useState("");`);
  lines.push(`  const [sort, setSort] = useState("-createdAt");`);
  if (filters.length) lines.push(`  const [filters, setFilters] = useState(${filterState});`);
  lines.push(`  const [reloadKey, setReloadKey] = useState(0);`);
  lines.push('');
  lines.push(`  useEffect(() => {`);
  lines.push(`    let isCurrent = true;`);
  lines.push(`    async function load() {`);
  lines.push(`      setIsLoading(true);`);
  lines.push(`      setError("");`);
  lines.push(`      try {`);
  if (filters.length) {
    lines.push(`        const query = {};`);
    for (const f of filters) {
      if (f.kind === 'boolean')
        lines.push(`        if (filters.${f.key}) query.${f.key} = filters.${f.key} === "yes";`);
      else lines.push(`        if (filters.${f.key}) query.${f.key} = filters.${f.key};`);
    }
  }
  const mainCall = filters.length ? `${ctx.id}.filter(query, sort, LOAD_LIMIT)` : `${ctx.id}.list(sort, LOAD_LIMIT)`;
  if (relationLoads.length) {
    const names = [`rows`, ...relationLoads.map(rowName)];
    const calls = [mainCall, ...relationLoads.map((r) => `${r.targetId}.list("-createdAt", 1000)`)];
    lines.push(`        const [${names.join(', ')}] = await Promise.all([${calls.join(', ')}]);`);
    lines.push(`        if (!isCurrent) return;`);
    lines.push(`        ${setMany}(rows);`);
    for (const r of relationLoads) lines.push(`        set${cap(r.targetVars.many)}(${rowName(r)});`);
  } else {
    lines.push(`        const rows = await ${mainCall};`);
    lines.push(`        if (isCurrent) ${setMany}(rows);`);
  }
  lines.push(`      } catch (err) {`);
  lines.push(`        if (isCurrent) setError(errorMessage(err));`);
  lines.push(`      } finally {`);
  lines.push(`        if (isCurrent) setIsLoading(false);`);
  lines.push(`      }`);
  lines.push(`    }`);
  lines.push(`    load();`);
  lines.push(`    return () => {`);
  lines.push(`      isCurrent = false;`);
  lines.push(`    };`);
  lines.push(`  }, [sort, ${filters.length ? 'filters, ' : ''}reloadKey]);`);
  lines.push('');
  for (const r of relationLoads) {
    const label = r.targetDisplay ? `${access('row', r.targetDisplay)} || row.id` : 'row.id';
    lines.push(
      `  const ${namesMapName(r)} = useMemo(() => Object.fromEntries(${r.targetVars.many}.map((row) => [row.id, ${label}])), [${r.targetVars.many}]);`,
    );
  }
  const visible = `visible${cap(many)}`;
  lines.push(`  const ${visible} = useMemo(() => {`);
  lines.push(`    const term = search.trim().toLowerCase();`);
  lines.push(`    if (!term) return ${many};`);
  if (searchable.length) {
    lines.push(`    return ${many}.filter((${one}) =>`);
    lines.push(
      `      [${searchable.map((k) => access(one, k)).join(', ')}].some((value) => String(value ?? "").toLowerCase().includes(term))`,
    );
    lines.push(`    );`);
  } else {
    lines.push(`    return ${many}.filter((${one}) => JSON.stringify(${one}).toLowerCase().includes(term));`);
  }
  lines.push(`  }, [${many}, search]);`);
  const hasFilter = filters.length ? `search || Object.values(filters).some(Boolean)` : 'search';
  lines.push(`  const isFiltered = Boolean(${hasFilter});`);
  lines.push('');
  if (filters.length) {
    lines.push(`  function handleFilterChange(key, value) {`);
    lines.push(`    setFilters((current) => ({ ...current, [key]: value }));`);
    lines.push(`  }`);
    lines.push('');
  }
  if (booleans.length) {
    lines.push(`  async function handleToggle(${one}, key) {`);
    lines.push(`    const next = !${one}[key];`);
    lines.push(
      `    const apply = (value) => ${setMany}((current) => current.map((item) => (item.id === ${one}.id ? { ...item, [key]: value } : item)));`,
    );
    lines.push(`    apply(next);`);
    lines.push(`    setActionError("");`);
    lines.push(`    try {`);
    lines.push(`      await ${ctx.id}.update(${one}.id, { [key]: next });`);
    lines.push(`    } catch (err) {`);
    lines.push(`      apply(!next);`);
    lines.push(`      setActionError(errorMessage(err));`);
    lines.push(`    }`);
    lines.push(`  }`);
    lines.push('');
  }
  lines.push(`  async function handleDelete(${one}) {`);
  lines.push(
    `    if (!window.confirm("Delete \\"" + (${titleExpr(ctx, one)}) + "\\"? This cannot be undone.")) return;`,
  );
  lines.push(`    setActionError("");`);
  lines.push(`    try {`);
  lines.push(`      await ${ctx.id}.delete(${one}.id);`);
  lines.push(`      ${setMany}((current) => current.filter((item) => item.id !== ${one}.id));`);
  lines.push(`    } catch (err) {`);
  lines.push(`      setActionError(errorMessage(err));`);
  lines.push(`    }`);
  lines.push(`  }`);
  lines.push('');

  const selectClass = `${CLASSES.input} sm:w-44`;
  const newButton = `<Link to={createPageUrl(${jsString(ctx.pages.form)})} className="${CLASSES.primaryButton}">
            <PlusIcon className="h-4 w-4" />
            New ${ctx.label}
          </Link>`;
  lines.push(`  return (`);
  lines.push(`    <div>`);
  lines.push(
    `      <PageHeader title=${jsString(cap(ctx.labelPlural))} subtitle=${jsString(`Browse, search and manage your ${ctx.labelPlural}.`)}>`,
  );
  lines.push(`        <Link to={createPageUrl(${jsString(ctx.pages.form)})} className="${CLASSES.primaryButton}">`);
  lines.push(`          <PlusIcon className="h-4 w-4" />`);
  lines.push(`          New ${ctx.label}`);
  lines.push(`        </Link>`);
  lines.push(`      </PageHeader>`);
  lines.push('');
  lines.push(`      <div className="mb-4 flex flex-col gap-2 sm:flex-row">`);
  lines.push(`        <div className="relative flex-1">`);
  lines.push(
    `          <SearchIcon className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground" />`,
  );
  lines.push(`          <input`);
  lines.push(`            value={search}`);
  lines.push(`            onChange={(event) => setSearch(event.target.value)}`);
  lines.push(`            placeholder=${jsString(`Search ${ctx.labelPlural}…`)}`);
  lines.push(`            aria-label=${jsString(`Search ${ctx.labelPlural}`)}`);
  lines.push(`            className="${CLASSES.input} pl-9"`);
  lines.push(`          />`);
  lines.push(`        </div>`);
  for (const f of filters) {
    lines.push(
      `        <select value={filters.${f.key}} onChange={(event) => handleFilterChange(${jsString(f.key)}, event.target.value)} aria-label=${jsString(`Filter by ${f.label.toLowerCase()}`)} className="${selectClass}">`,
    );
    if (f.kind === 'boolean') {
      lines.push(`          <option value="">${f.label}: all</option>`);
      lines.push(`          <option value="yes">${f.label}: yes</option>`);
      lines.push(`          <option value="no">${f.label}: no</option>`);
    } else {
      lines.push(`          <option value="">All ${pluralize(f.label.toLowerCase())}</option>`);
      lines.push(`          {${f.key.toUpperCase()}_OPTIONS.map((option) => (`);
      lines.push(`            <option key={option} value={option}>`);
      lines.push(`              {prettify(option)}`);
      lines.push(`            </option>`);
      lines.push(`          ))}`);
    }
    lines.push(`        </select>`);
  }
  lines.push(
    `        <select value={sort} onChange={(event) => setSort(event.target.value)} aria-label="Sort" className="${selectClass}">`,
  );
  lines.push(`          {SORT_OPTIONS.map((option) => (`);
  lines.push(`            <option key={option.value} value={option.value}>`);
  lines.push(`              {option.label}`);
  lines.push(`            </option>`);
  lines.push(`          ))}`);
  lines.push(`        </select>`);
  lines.push(`      </div>`);
  lines.push('');
  lines.push(`      {actionError && (`);
  lines.push(`        <div className="mb-4">`);
  lines.push(`          <ErrorMessage message={actionError} />`);
  lines.push(`        </div>`);
  lines.push(`      )}`);
  lines.push('');
  lines.push(`      {isLoading ? (`);
  lines.push(`        <LoadingState label=${jsString(`Loading ${ctx.labelPlural}…`)} />`);
  lines.push(`      ) : error ? (`);
  lines.push(`        <ErrorMessage message={error} onRetry={() => setReloadKey((key) => key + 1)} />`);
  lines.push(`      ) : ${visible}.length === 0 ? (`);
  lines.push(`        <EmptyState`);
  lines.push(`          icon={${ctx.icon}}`);
  lines.push(
    `          title={isFiltered ? ${jsString(`No matching ${ctx.labelPlural}`)} : ${jsString(`No ${ctx.labelPlural} yet`)}}`,
  );
  lines.push(
    `          message={isFiltered ? "Try another search or clear the filters." : ${jsString(`Create your first ${ctx.label} to get started.`)}}`,
  );
  lines.push(`          action={`);
  lines.push(`            !isFiltered && (`);
  lines.push(`              ${newButton.replace(/\n {10}/g, '\n              ')}`);
  lines.push(`            )`);
  lines.push(`          }`);
  lines.push(`        />`);
  lines.push(`      ) : (`);
  lines.push(`        <ul className="${CLASSES.card} divide-y divide-border">`);
  lines.push(`          {${visible}.map((${one}) => (`);
  lines.push(`            <li key={${one}.id} className="flex items-center gap-3 px-4 py-3">`);
  if (leading) {
    lines.push(`              <input`);
    lines.push(`                type="checkbox"`);
    lines.push(`                checked={Boolean(${access(one, leading.key)})}`);
    lines.push(`                onChange={() => handleToggle(${one}, ${jsString(leading.key)})}`);
    lines.push(`                aria-label=${jsString(leading.label)}`);
    lines.push(`                className="h-4 w-4 shrink-0 cursor-pointer accent-primary"`);
    lines.push(`              />`);
  }
  if (image) {
    lines.push(`              {${access(one, image.key)} ? (`);
    lines.push(
      `                <img src={${access(one, image.key)}} alt="" className="h-12 w-12 shrink-0 rounded-lg border border-border object-cover" />`,
    );
    lines.push(`              ) : (`);
    lines.push(
      `                <div className="flex h-12 w-12 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">`,
    );
    lines.push(`                  <${ctx.icon} className="h-5 w-5" />`);
    lines.push(`                </div>`);
    lines.push(`              )}`);
  }
  lines.push(`              <div className="min-w-0 flex-1">`);
  const strike =
    leading && DONE_KEYS.has(leading.key)
      ? ` + (${access(one, leading.key)} ? " text-muted-foreground line-through" : "")`
      : '';
  if (strike) {
    lines.push(
      `                <Link to={createPageUrl(${jsString(`${ctx.pages.detail}?id=`)} + ${one}.id)} className={"font-medium hover:text-primary"${strike}}>`,
    );
  } else {
    lines.push(
      `                <Link to={createPageUrl(${jsString(`${ctx.pages.detail}?id=`)} + ${one}.id)} className="font-medium hover:text-primary">`,
    );
  }
  lines.push(`                  {${titleExpr(ctx, one)}}`);
  lines.push(`                </Link>`);
  if (meta.length) {
    lines.push(
      `                <div className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">`,
    );
    for (const f of meta) {
      const value = access(one, f.key);
      if (f.kind === 'relation') {
        const r = ctx.relations.find((x) => x.key === f.key)!;
        lines.push(
          `                  {${value} && <span>${f.label}: {${namesMapName(r)}[${value}] ?? "Unknown"}</span>}`,
        );
      } else if (f.kind === 'boolean') {
        lines.push(
          `                  <button type="button" onClick={() => handleToggle(${one}, ${jsString(f.key)})} className="hover:text-foreground">`,
        );
        lines.push(`                    ${f.label}: <FieldValue type="checkbox" value={${value}} />`);
        lines.push(`                  </button>`);
      } else if (f.kind === 'select') {
        lines.push(`                  {${value} && <FieldValue type="select" value={${value}} />}`);
      } else if (f.kind === 'tags') {
        lines.push(`                  {${value}?.length > 0 && <FieldValue type="tags" value={${value}} />}`);
      } else {
        lines.push(`                  {${value} != null && ${value} !== "" && (`);
        lines.push(`                    <span>`);
        lines.push(`                      ${f.label}: <FieldValue type="${inputTypeOf(f)}" value={${value}} />`);
        lines.push(`                    </span>`);
        lines.push(`                  )}`);
      }
    }
    lines.push(`                </div>`);
  }
  lines.push(`              </div>`);
  lines.push(
    `              <Link to={createPageUrl(${jsString(`${ctx.pages.form}?id=`)} + ${one}.id)} className="${CLASSES.iconButton}" aria-label="Edit">`,
  );
  lines.push(`                <PencilIcon className="h-4 w-4" />`);
  lines.push(`              </Link>`);
  lines.push(
    `              <button type="button" onClick={() => handleDelete(${one})} className="${CLASSES.iconButton} hover:text-danger" aria-label="Delete">`,
  );
  lines.push(`                <Trash2Icon className="h-4 w-4" />`);
  lines.push(`              </button>`);
  lines.push(`            </li>`);
  lines.push(`          ))}`);
  lines.push(`        </ul>`);
  lines.push(`      )}`);
  lines.push(`      {!isLoading && ${many}.length >= LOAD_LIMIT && (`);
  lines.push(
    `        <p className="mt-3 text-center text-xs text-muted-foreground">Showing the first {LOAD_LIMIT}. Use the filters to find older ${ctx.labelPlural}.</p>`,
  );
  lines.push(`      )}`);
  lines.push(`    </div>`);
  lines.push(`  );`);
  lines.push(`}`);
  return lines.join('\n') + '\n';
}

// ---------------------------------------------------------------------------------------------
// Detail page

/** Children of an entity: other entities (with pages) whose records point at it. */
function childrenOf(model: AppModel, entity: string): Array<{ name: string; key: string }> {
  const names = model.entities.map((e) => e.name);
  const out: Array<{ name: string; key: string }> = [];
  for (const other of model.entities) {
    if (!other.hasPages || other.name === entity) continue;
    const field = fieldSpecsOf(other.schema, names).find((f) => f.kind === 'relation' && f.target === entity);
    if (field) out.push({ name: other.name, key: field.key });
  }
  return out;
}

/** The detail page (`?id=`): every field, links to related records, children, edit and delete. */
export function renderDetailPage(model: AppModel, entity: string): string {
  const ctx = contextOf(model, entity);
  const { one } = ctx.vars;
  const setOne = `set${cap(one)}`;
  const children = childrenOf(model, entity).map((c) => ({ ...c, ctx: contextOf(model, c.name) }));
  const relations = ctx.relations;

  const lines: string[] = [];
  lines.push(`import React, { useEffect, useState } from "react";`);
  lines.push(`import { Link, useNavigate, useSearchParams } from "react-router-dom";`);
  lines.push(lucideImport(['PencilIcon', 'Trash2Icon', ...(children.length ? ['PlusIcon'] : [])]));
  lines.push(
    ...entityImports(
      ctx,
      children.map((c) => c.name),
    ),
  );
  lines.push(`import { createPageUrl } from "@/utils";`);
  lines.push(`import PageHeader from "@/components/PageHeader";`);
  lines.push(`import LoadingState from "@/components/LoadingState";`);
  lines.push(`import ErrorMessage from "@/components/ErrorMessage";`);
  lines.push(`import FieldValue from "@/components/FieldValue";`);
  lines.push(`import { errorMessage } from "@/services/format";`);
  lines.push('');
  lines.push(`function DetailRow({ label, children }) {`);
  lines.push(`  return (`);
  lines.push(`    <div className="grid gap-1 px-5 py-4 sm:grid-cols-3 sm:gap-4">`);
  lines.push(`      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>`);
  lines.push(`      <dd className="text-sm sm:col-span-2">{children}</dd>`);
  lines.push(`    </div>`);
  lines.push(`  );`);
  lines.push(`}`);
  lines.push('');
  lines.push(`export default function ${ctx.pages.detail}() {`);
  lines.push(`  const [searchParams] = useSearchParams();`);
  lines.push(`  const id = searchParams.get("id");`);
  lines.push(`  const navigate = useNavigate();`);
  lines.push(`  const [${one}, ${setOne}] = useState(null);`);
  for (const r of relations) lines.push(`  const [${r.targetVars.one}, set${cap(r.targetVars.one)}] = useState(null);`);
  for (const c of children) lines.push(`  const [${c.ctx.vars.many}, set${cap(c.ctx.vars.many)}] = useState([]);`);
  lines.push(`  const [isLoading, setIsLoading] = useState(true);`);
  lines.push(`  const [error, setError] = useState("");`);
  lines.push(`  const [deleteError, setDeleteError] = useState("");`);
  lines.push(`  const [isDeleting, setIsDeleting] = useState(false);`);
  lines.push('');
  lines.push(`  useEffect(() => {`);
  lines.push(`    let isCurrent = true;`);
  lines.push(`    async function load() {`);
  lines.push(`      if (!id) {`);
  lines.push(`        setError(${jsString(`No ${ctx.label} was selected.`)});`);
  lines.push(`        setIsLoading(false);`);
  lines.push(`        return;`);
  lines.push(`      }`);
  lines.push(`      setIsLoading(true);`);
  lines.push(`      setError("");`);
  lines.push(`      try {`);
  if (children.length) {
    const names = ['record', ...children.map((c) => `${c.ctx.vars.one}Rows`)];
    const calls = [
      `${ctx.id}.get(id)`,
      ...children.map((c) => `${c.ctx.id}.filter({ ${c.key}: id }, "-createdAt", 100)`),
    ];
    lines.push(`        const [${names.join(', ')}] = await Promise.all([${calls.join(', ')}]);`);
  } else {
    lines.push(`        const record = await ${ctx.id}.get(id);`);
  }
  if (relations.length) {
    // A missing related record (deleted since) shows as empty rather than failing the page.
    lines.push(`        const [${relations.map((r) => `${r.targetVars.one}Row`).join(', ')}] = await Promise.all([`);
    for (const r of relations)
      lines.push(
        `          ${access('record', r.key)} ? ${r.targetId}.get(${access('record', r.key)}).catch(() => null) : null,`,
      );
    lines.push(`        ]);`);
  }
  lines.push(`        if (!isCurrent) return;`);
  lines.push(`        ${setOne}(record);`);
  for (const r of relations) lines.push(`        set${cap(r.targetVars.one)}(${r.targetVars.one}Row);`);
  for (const c of children) lines.push(`        set${cap(c.ctx.vars.many)}(${c.ctx.vars.one}Rows);`);
  lines.push(`      } catch (err) {`);
  lines.push(`        if (isCurrent) setError(errorMessage(err));`);
  lines.push(`      } finally {`);
  lines.push(`        if (isCurrent) setIsLoading(false);`);
  lines.push(`      }`);
  lines.push(`    }`);
  lines.push(`    load();`);
  lines.push(`    return () => {`);
  lines.push(`      isCurrent = false;`);
  lines.push(`    };`);
  lines.push(`  }, [id]);`);
  lines.push('');
  lines.push(`  async function handleDelete() {`);
  lines.push(`    if (!window.confirm(${jsString(`Delete this ${ctx.label}? This cannot be undone.`)})) return;`);
  lines.push(`    setIsDeleting(true);`);
  lines.push(`    setDeleteError("");`);
  lines.push(`    try {`);
  lines.push(`      await ${ctx.id}.delete(id);`);
  lines.push(`      navigate(createPageUrl(${jsString(ctx.pages.list)}));`);
  lines.push(`    } catch (err) {`);
  lines.push(`      setDeleteError(errorMessage(err));`);
  lines.push(`      setIsDeleting(false);`);
  lines.push(`    }`);
  lines.push(`  }`);
  lines.push('');
  const back = `backTo={createPageUrl(${jsString(ctx.pages.list)})} backLabel=${jsString(`All ${ctx.labelPlural}`)}`;
  lines.push(`  if (isLoading) return <LoadingState />;`);
  lines.push(`  if (error || !${one}) {`);
  lines.push(`    return (`);
  lines.push(`      <div>`);
  lines.push(`        <PageHeader title=${jsString(cap(ctx.label))} ${back} />`);
  lines.push(`        <ErrorMessage message={error || ${jsString(`This ${ctx.label} could not be found.`)}} />`);
  lines.push(`      </div>`);
  lines.push(`    );`);
  lines.push(`  }`);
  lines.push('');
  lines.push(`  return (`);
  lines.push(`    <div className="space-y-6">`);
  lines.push(`      <PageHeader title={${titleExpr(ctx, one)}} ${back}>`);
  lines.push(
    `        <Link to={createPageUrl(${jsString(`${ctx.pages.form}?id=`)} + ${one}.id)} className="${CLASSES.secondaryButton}">`,
  );
  lines.push(`          <PencilIcon className="h-4 w-4" />`);
  lines.push(`          Edit`);
  lines.push(`        </Link>`);
  lines.push(
    `        <button type="button" onClick={handleDelete} disabled={isDeleting} className="${CLASSES.dangerButton}">`,
  );
  lines.push(`          <Trash2Icon className="h-4 w-4" />`);
  lines.push(`          {isDeleting ? "Deleting…" : "Delete"}`);
  lines.push(`        </button>`);
  lines.push(`      </PageHeader>`);
  lines.push('');
  lines.push(`      {deleteError && <ErrorMessage message={deleteError} />}`);
  lines.push(`      <dl className="${CLASSES.card} divide-y divide-border">`);
  for (const f of ctx.fields) {
    if (f.key === ctx.display) continue;
    lines.push(`        <DetailRow label=${jsString(f.label)}>`);
    if (f.kind === 'relation') {
      const r = relations.find((x) => x.key === f.key)!;
      const rec = r.targetVars.one;
      const label = r.targetDisplay ? access(rec, r.targetDisplay) : `${rec}.id`;
      if (r.targetHasPages) {
        const targetPages = pagesOf(r.target!);
        lines.push(`          {${rec} ? (`);
        lines.push(
          `            <Link to={createPageUrl(${jsString(`${targetPages.detail}?id=`)} + ${rec}.id)} className="text-primary hover:underline">`,
        );
        lines.push(`              {${label}}`);
        lines.push(`            </Link>`);
        lines.push(`          ) : (`);
        lines.push(`            <FieldValue value={null} />`);
        lines.push(`          )}`);
      } else {
        lines.push(`          <FieldValue value={${rec} ? ${label} : null} />`);
      }
    } else {
      lines.push(`          <FieldValue type="${inputTypeOf(f)}" value={${access(one, f.key)}} />`);
    }
    lines.push(`        </DetailRow>`);
  }
  lines.push(`        <DetailRow label="Created">`);
  lines.push(`          <FieldValue type="datetime" value={${one}.createdAt} />`);
  lines.push(`        </DetailRow>`);
  lines.push(`      </dl>`);
  for (const c of children) {
    const cm = c.ctx.vars.many;
    lines.push('');
    lines.push(`      <section className="${CLASSES.card} p-5">`);
    lines.push(`        <div className="mb-3 flex items-center justify-between gap-2">`);
    lines.push(`          <h2 className="font-semibold">${cap(c.ctx.labelPlural)}</h2>`);
    lines.push(
      `          <Link to={createPageUrl(${jsString(`${c.ctx.pages.form}?${c.key}=`)} + ${one}.id)} className="${CLASSES.secondaryButton}">`,
    );
    lines.push(`            <PlusIcon className="h-4 w-4" />`);
    lines.push(`            Add ${c.ctx.label}`);
    lines.push(`          </Link>`);
    lines.push(`        </div>`);
    lines.push(`        {${cm}.length === 0 ? (`);
    lines.push(`          <p className="text-sm text-muted-foreground">No ${c.ctx.labelPlural} yet.</p>`);
    lines.push(`        ) : (`);
    lines.push(`          <ul className="divide-y divide-border">`);
    lines.push(`            {${cm}.map((item) => (`);
    lines.push(`              <li key={item.id} className="py-2">`);
    lines.push(
      `                <Link to={createPageUrl(${jsString(`${c.ctx.pages.detail}?id=`)} + item.id)} className="text-sm font-medium hover:text-primary">`,
    );
    lines.push(`                  {${titleExpr(c.ctx, 'item')}}`);
    lines.push(`                </Link>`);
    lines.push(`              </li>`);
    lines.push(`            ))}`);
    lines.push(`          </ul>`);
    lines.push(`        )}`);
    lines.push(`      </section>`);
  }
  lines.push(`    </div>`);
  lines.push(`  );`);
  lines.push(`}`);
  return lines.join('\n') + '\n';
}

// ---------------------------------------------------------------------------------------------
// Form page

function emptyValue(f: FieldSpec): string {
  switch (f.kind) {
    case 'boolean':
      return f.schema.default === true ? 'true' : 'false';
    case 'tags':
      return '[]';
    case 'select':
      return typeof f.schema.default === 'string' ? jsString(f.schema.default) : '""';
    case 'number':
      return typeof f.schema.default === 'number' ? jsString(String(f.schema.default)) : '""';
    default:
      return typeof f.schema.default === 'string' ? jsString(f.schema.default) : '""';
  }
}

function fromRecordExpr(f: FieldSpec): string {
  const v = access('record', f.key);
  switch (f.kind) {
    case 'boolean':
      return `Boolean(${v})`;
    case 'tags':
      return `${v} ?? []`;
    case 'datetime':
      return `toDateTimeInput(${v})`;
    case 'number':
      return `${v} ?? ""`;
    default:
      return `${v} ?? ""`;
  }
}

function toRecordExpr(f: FieldSpec): string {
  const v = access('values', f.key);
  switch (f.kind) {
    case 'boolean':
    case 'tags':
      return v;
    case 'number':
      return `${v} === "" ? null : Number(${v})`;
    case 'datetime':
      return `fromDateTimeInput(${v})`;
    case 'text':
    case 'longtext':
    case 'email':
    case 'url':
      return f.required ? `${v}.trim()` : `${v}.trim() || null`;
    default:
      return `${v} || null`;
  }
}

/** The create/edit form (`?id=` edits): typed inputs, required and format checks, save errors shown. */
export function renderFormPage(model: AppModel, entity: string): string {
  const ctx = contextOf(model, entity);
  const fields = ctx.fields.filter((f) => f.kind !== 'json');
  const relations = ctx.relations.filter((r, i, all) => all.findIndex((o) => o.target === r.target) === i);
  const usesDateTime = fields.some((f) => f.kind === 'datetime');

  const lines: string[] = [];
  lines.push(`import React, { useEffect, useState } from "react";`);
  lines.push(`import { Link, useNavigate, useSearchParams } from "react-router-dom";`);
  lines.push(...entityImports(ctx));
  lines.push(`import { createPageUrl } from "@/utils";`);
  lines.push(`import PageHeader from "@/components/PageHeader";`);
  lines.push(`import LoadingState from "@/components/LoadingState";`);
  lines.push(`import ErrorMessage from "@/components/ErrorMessage";`);
  lines.push(`import FieldInput from "@/components/FieldInput";`);
  lines.push(
    `import { errorMessage${usesDateTime ? ', fromDateTimeInput, toDateTimeInput' : ''} } from "@/services/format";`,
  );
  lines.push('');
  lines.push(`const EMPTY = {`);
  for (const f of fields) lines.push(`  ${f.key}: ${emptyValue(f)},`);
  lines.push(`};`);
  lines.push('');
  lines.push(`function fromRecord(record) {`);
  lines.push(`  return {`);
  for (const f of fields) lines.push(`    ${f.key}: ${fromRecordExpr(f)},`);
  lines.push(`  };`);
  lines.push(`}`);
  lines.push('');
  lines.push(`function toRecord(values) {`);
  lines.push(`  return {`);
  for (const f of fields) lines.push(`    ${f.key}: ${toRecordExpr(f)},`);
  lines.push(`  };`);
  lines.push(`}`);
  lines.push('');
  lines.push(`function validate(values) {`);
  lines.push(`  const errors = {};`);
  for (const f of fields) {
    const v = access('values', f.key);
    if (f.required && f.kind !== 'boolean') {
      const empty =
        f.kind === 'tags'
          ? `${v}.length === 0`
          : ['text', 'longtext', 'email', 'url'].includes(f.kind)
            ? `!${v}.trim()`
            : `${v} === "" || ${v} == null`;
      lines.push(`  if (${empty}) errors.${f.key} = ${jsString(`${f.label} is required`)};`);
    }
    if (f.kind === 'email')
      lines.push(
        `  if (${v} && !/^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$/.test(${v})) errors.${f.key} = "Enter a valid email address";`,
      );
    if (f.kind === 'url')
      lines.push(
        `  if (${v} && !/^https?:\\/\\//.test(${v})) errors.${f.key} = "Enter a full link starting with https://";`,
      );
    if (f.kind === 'number') {
      lines.push(`  if (${v} !== "" && Number.isNaN(Number(${v}))) errors.${f.key} = "Enter a number";`);
      const { minimum, maximum } = f.schema;
      if (minimum !== undefined && maximum !== undefined) {
        lines.push(
          `  else if (${v} !== "" && (Number(${v}) < ${minimum} || Number(${v}) > ${maximum})) errors.${f.key} = ${jsString(`${f.label} must be between ${minimum} and ${maximum}`)};`,
        );
      } else if (minimum !== undefined) {
        lines.push(
          `  else if (${v} !== "" && Number(${v}) < ${minimum}) errors.${f.key} = ${jsString(`${f.label} must be at least ${minimum}`)};`,
        );
      } else if (maximum !== undefined) {
        lines.push(
          `  else if (${v} !== "" && Number(${v}) > ${maximum}) errors.${f.key} = ${jsString(`${f.label} must be at most ${maximum}`)};`,
        );
      }
    }
  }
  lines.push(`  return errors;`);
  lines.push(`}`);
  lines.push('');

  const { one } = ctx.vars;
  lines.push(`export default function ${ctx.pages.form}() {`);
  lines.push(`  const [searchParams] = useSearchParams();`);
  lines.push(`  const id = searchParams.get("id");`);
  lines.push(`  const navigate = useNavigate();`);
  if (relations.length) {
    // Links such as "Add task" on a project page pass the parent's id in the URL.
    lines.push(`  const [values, setValues] = useState(() => ({`);
    lines.push(`    ...EMPTY,`);
    for (const r of relations) lines.push(`    ${r.key}: searchParams.get(${jsString(r.key)}) ?? "",`);
    lines.push(`  }));`);
  } else {
    lines.push(`  const [values, setValues] = useState(EMPTY);`);
  }
  lines.push(`  const [errors, setErrors] = useState({});`);
  for (const r of relations) lines.push(`  const [${r.targetVars.many}, set${cap(r.targetVars.many)}] = useState([]);`);
  lines.push(`  const [isLoading, setIsLoading] = useState(${relations.length ? 'true' : 'Boolean(id)'});`);
  lines.push(`  const [isSaving, setIsSaving] = useState(false);`);
  lines.push(`  const [loadError, setLoadError] = useState("");`);
  lines.push(`  const [saveError, setSaveError] = useState("");`);
  lines.push('');
  lines.push(`  useEffect(() => {`);
  if (!relations.length) lines.push(`    if (!id) return;`);
  lines.push(`    let isCurrent = true;`);
  lines.push(`    async function load() {`);
  lines.push(`      try {`);
  if (relations.length) {
    const names = ['record', ...relations.map((r) => `${r.targetVars.one}Rows`)];
    const calls = [`id ? ${ctx.id}.get(id) : null`, ...relations.map((r) => `${r.targetId}.list("-createdAt", 1000)`)];
    lines.push(`        const [${names.join(', ')}] = await Promise.all([${calls.join(', ')}]);`);
    lines.push(`        if (!isCurrent) return;`);
    lines.push(`        if (record) setValues(fromRecord(record));`);
    for (const r of relations) lines.push(`        set${cap(r.targetVars.many)}(${r.targetVars.one}Rows);`);
  } else {
    lines.push(`        const record = await ${ctx.id}.get(id);`);
    lines.push(`        if (isCurrent) setValues(fromRecord(record));`);
  }
  lines.push(`      } catch (err) {`);
  lines.push(`        if (isCurrent) setLoadError(errorMessage(err));`);
  lines.push(`      } finally {`);
  lines.push(`        if (isCurrent) setIsLoading(false);`);
  lines.push(`      }`);
  lines.push(`    }`);
  lines.push(`    load();`);
  lines.push(`    return () => {`);
  lines.push(`      isCurrent = false;`);
  lines.push(`    };`);
  lines.push(`  }, [id]);`);
  lines.push('');
  lines.push(`  function setValue(key, value) {`);
  lines.push(`    setValues((current) => ({ ...current, [key]: value }));`);
  lines.push(`    setErrors((current) => ({ ...current, [key]: undefined }));`);
  lines.push(`  }`);
  lines.push('');
  lines.push(`  async function handleSubmit(event) {`);
  lines.push(`    event.preventDefault();`);
  lines.push(`    const nextErrors = validate(values);`);
  lines.push(`    setErrors(nextErrors);`);
  lines.push(`    if (Object.keys(nextErrors).length > 0) return;`);
  lines.push(`    setIsSaving(true);`);
  lines.push(`    setSaveError("");`);
  lines.push(`    try {`);
  lines.push(
    `      const ${one} = id ? await ${ctx.id}.update(id, toRecord(values)) : await ${ctx.id}.create(toRecord(values));`,
  );
  lines.push(`      const savedId = ${one}?.id ?? id;`);
  lines.push(
    `      navigate(createPageUrl(savedId ? ${jsString(`${ctx.pages.detail}?id=`)} + savedId : ${jsString(ctx.pages.list)}));`,
  );
  lines.push(`    } catch (err) {`);
  lines.push(`      setSaveError(errorMessage(err));`);
  lines.push(`      setIsSaving(false);`);
  lines.push(`    }`);
  lines.push(`  }`);
  lines.push('');
  lines.push(
    `  const backTo = createPageUrl(id ? ${jsString(`${ctx.pages.detail}?id=`)} + id : ${jsString(ctx.pages.list)});`,
  );
  lines.push(`  if (isLoading) return <LoadingState />;`);
  lines.push('');
  lines.push(`  return (`);
  lines.push(`    <div className="mx-auto max-w-2xl">`);
  lines.push(
    `      <PageHeader title={id ? ${jsString(`Edit ${ctx.label}`)} : ${jsString(`New ${ctx.label}`)}} backTo={backTo} backLabel={id ? ${jsString(`Back to ${ctx.label}`)} : ${jsString(`All ${ctx.labelPlural}`)}} />`,
  );
  lines.push(`      {loadError ? (`);
  lines.push(`        <ErrorMessage message={loadError} />`);
  lines.push(`      ) : (`);
  lines.push(`        <form onSubmit={handleSubmit} noValidate className="${CLASSES.card} space-y-5 p-6">`);
  lines.push(`          {saveError && <ErrorMessage message={saveError} />}`);
  for (const f of fields) {
    const props: string[] = [`label=${jsString(f.label)}`];
    const type = inputTypeOf(f);
    if (type !== 'text') props.push(`type="${type}"`);
    if (f.required && f.kind !== 'boolean') props.push('required');
    if (f.kind === 'select') props.push(`options={${jsArray(f.options)}}`);
    if (f.kind === 'relation') {
      const r = ctx.relations.find((x) => x.key === f.key)!;
      const label = r.targetDisplay ? `${access('row', r.targetDisplay)} || row.id` : 'row.id';
      props.push(`options={${r.targetVars.many}.map((row) => ({ value: row.id, label: ${label} }))}`);
    }
    if (f.kind === 'number' && f.schema.minimum !== undefined) props.push(`min={${f.schema.minimum}}`);
    if (f.kind === 'number' && f.schema.maximum !== undefined) props.push(`max={${f.schema.maximum}}`);
    props.push(`value={${access('values', f.key)}}`);
    props.push(`onChange={(value) => setValue(${jsString(f.key)}, value)}`);
    if (f.kind !== 'boolean') props.push(`error={${access('errors', f.key)}}`);
    lines.push(`          <FieldInput`);
    for (const p of props) lines.push(`            ${p}`);
    lines.push(`          />`);
  }
  lines.push(`          <div className="flex justify-end gap-2 border-t border-border pt-5">`);
  lines.push(`            <Link to={backTo} className="${CLASSES.secondaryButton}">`);
  lines.push(`              Cancel`);
  lines.push(`            </Link>`);
  lines.push(`            <button type="submit" disabled={isSaving} className="${CLASSES.primaryButton}">`);
  lines.push(`              {isSaving ? "Saving…" : id ? "Save changes" : ${jsString(`Create ${ctx.label}`)}}`);
  lines.push(`            </button>`);
  lines.push(`          </div>`);
  lines.push(`        </form>`);
  lines.push(`      )}`);
  lines.push(`    </div>`);
  lines.push(`  );`);
  lines.push(`}`);
  return lines.join('\n') + '\n';
}
