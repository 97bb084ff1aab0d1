// The detail page of an entity (`?id=`): every field, links to related records, children, edit and delete.
import { pagesOf, type AppModel } from '../app-model';
import { fieldSpecsOf } from '../fields';
import { capitalize, jsString } from '../text';
import { access, lines, lucideImport } from './code';
import { contextOf, entityImports, fieldValueTag, titleExpr, type EntityContext } from './entity-context';
import { CLASSES } from './shared';

/** Children of an entity: other entities (with pages) whose records point at it, by the field that does. */
function childrenOf(model: AppModel, entity: string): Array<{ key: string; ctx: EntityContext }> {
  const names = model.entities.map((e) => e.name);
  return model.entities.flatMap((other) => {
    if (!other.hasPages || other.name === entity) return [];
    const field = fieldSpecsOf(other.schema, names).find((f) => f.kind === 'relation' && f.target === entity);
    return field ? [{ key: field.key, ctx: contextOf(model, other.name) }] : [];
  });
}

/** The detail page (`?id=`): every field, links to related records, children, edit and delete. */
export function renderDetailPage(model: AppModel, entity: string): string {
  const ctx = contextOf(model, entity);
  const { one } = ctx.vars;
  const children = childrenOf(model, entity);
  const back = `backTo={createPageUrl(${jsString(ctx.pages.list)})} backLabel=${jsString(`All ${ctx.labelPlural}`)}`;

  return `${lines(
    `import React, { useState } from "react";`,
    `import { Link, useNavigate, useSearchParams } from "react-router-dom";`,
    lucideImport(['PencilIcon', 'Trash2Icon', ...(children.length ? ['PlusIcon'] : [])]),
    ...entityImports(
      ctx,
      children.map((c) => c.ctx.name),
    ),
    `import { createPageUrl } from "@/utils";`,
    `import PageHeader from "@/components/PageHeader";`,
    `import LoadingState from "@/components/LoadingState";`,
    `import ErrorMessage from "@/components/ErrorMessage";`,
    `import FieldValue from "@/components/FieldValue";`,
    `import { errorMessage } from "@/services/format";`,
    `import { ${children.length ? 'useRecord, useRecords' : 'useRecord'} } from "@/services/useRecords";`,
  )}

function DetailRow({ label, children }) {
  return (
    <div className="grid gap-1 px-5 py-4 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm sm:col-span-2">{children}</dd>
    </div>
  );
}

export default function ${ctx.pages.detail}() {
${lines(
  `  const [searchParams] = useSearchParams();`,
  `  const id = searchParams.get("id");`,
  `  const navigate = useNavigate();`,
  `  const { record: ${one}, isLoading, error } = useRecord(${ctx.id}, id);`,
  // A related record deleted since shows as empty: its load error is not the page's.
  ...ctx.relations.map((r) => `  const { record: ${r.targetVars.one} } = useRecord(${r.targetId}, ${one}?.${r.key});`),
  ...children.map(
    (c) =>
      `  const { records: ${c.ctx.vars.many} } = useRecords(${c.ctx.id}, { query: { ${c.key}: id }, limit: 100 });`,
  ),
  `  const [deleteError, setDeleteError] = useState("");`,
  `  const [isDeleting, setIsDeleting] = useState(false);`,
)}

  async function handleDelete() {
    if (!window.confirm(${jsString(`Delete this ${ctx.label}? This cannot be undone.`)})) return;
    setIsDeleting(true);
    setDeleteError("");
    try {
      await ${ctx.id}.delete(id);
      navigate(createPageUrl(${jsString(ctx.pages.list)}));
    } catch (err) {
      setDeleteError(errorMessage(err));
      setIsDeleting(false);
    }
  }

  if (isLoading) return <LoadingState />;
  if (error || !${one}) {
    return (
      <div>
        <PageHeader title=${jsString(capitalize(ctx.label))} ${back} />
        <ErrorMessage message={error || (id ? ${jsString(`This ${ctx.label} could not be found.`)} : ${jsString(`No ${ctx.label} was selected.`)})} />
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <PageHeader title={${titleExpr(ctx, one)}} ${back}>
        <Link to={createPageUrl(${jsString(`${ctx.pages.form}?id=`)} + ${one}.id)} className="${CLASSES.secondaryButton}">
          <PencilIcon className="h-4 w-4" />
          Edit
        </Link>
        <button type="button" onClick={handleDelete} disabled={isDeleting} className="${CLASSES.dangerButton}">
          <Trash2Icon className="h-4 w-4" />
          {isDeleting ? "Deleting…" : "Delete"}
        </button>
      </PageHeader>

      {deleteError && <ErrorMessage message={deleteError} />}
      <dl className="${CLASSES.card} divide-y divide-border">
${lines(...ctx.fields.filter((f) => f.key !== ctx.display).map((f) => detailRow(ctx, f.key)))}
        <DetailRow label="Created">
          <FieldValue type="datetime" value={${one}.createdAt} />
        </DetailRow>
      </dl>${children.map((c) => childSection(one, c)).join('')}
    </div>
  );
}
`;
}

function detailRow(ctx: EntityContext, key: string): string {
  const f = ctx.fields.find((x) => x.key === key)!;
  const r = ctx.relations.find((x) => x.key === key);
  let value = fieldValueTag(f, access(ctx.vars.one, f.key));
  if (r) {
    const rec = r.targetVars.one;
    const label = r.targetDisplay ? access(rec, r.targetDisplay) : `${rec}.id`;
    value = r.targetHasPages
      ? lines(
          `{${rec} ? (`,
          `  <Link to={createPageUrl(${jsString(`${pagesOf(r.target!).detail}?id=`)} + ${rec}.id)} className="text-primary hover:underline">`,
          `    {${label}}`,
          `  </Link>`,
          `) : (`,
          `  <FieldValue value={null} />`,
          `)}`,
        )
      : `<FieldValue value={${rec} ? ${label} : null} />`;
  }
  return lines(
    `        <DetailRow label=${jsString(f.label)}>`,
    value.replace(/^/gm, '          '),
    `        </DetailRow>`,
  );
}

function childSection(one: string, c: { key: string; ctx: EntityContext }): string {
  const many = c.ctx.vars.many;
  return `

      <section className="${CLASSES.card} p-5">
        <div className="mb-3 flex items-center justify-between gap-2">
          <h2 className="font-semibold">${capitalize(c.ctx.labelPlural)}</h2>
          <Link to={createPageUrl(${jsString(`${c.ctx.pages.form}?${c.key}=`)} + ${one}.id)} className="${CLASSES.secondaryButton}">
            <PlusIcon className="h-4 w-4" />
            Add ${c.ctx.label}
          </Link>
        </div>
        {${many}.length === 0 ? (
          <p className="text-sm text-muted-foreground">No ${c.ctx.labelPlural} yet.</p>
        ) : (
          <ul className="divide-y divide-border">
            {${many}.map((item) => (
              <li key={item.id} className="py-2">
                <Link to={createPageUrl(${jsString(`${c.ctx.pages.detail}?id=`)} + item.id)} className="text-sm font-medium hover:text-primary">
                  {${titleExpr(c.ctx, 'item')}}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>`;
}
