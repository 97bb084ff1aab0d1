// The create/edit form of an entity (`?id=` edits): typed inputs, required and format checks, save errors.
import type { AppModel } from '../app-model';
import type { FieldSpec } from '../fields';
import { jsString } from '../text';
import { access, jsArray, lines } from './code';
import {
  contextOf,
  distinctTargets,
  inputTypeOf,
  entityImports,
  loadingOf,
  relationLabel,
  relationLoads,
  type EntityContext,
} from './entity-context';
import { CLASSES } from './shared';

function emptyValue(f: FieldSpec): string {
  const fallback = typeof f.schema.default === 'string' ? jsString(f.schema.default) : '""';
  switch (f.kind) {
    case 'boolean':
      return f.schema.default === true ? 'true' : 'false';
    case 'tags':
      return '[]';
    case 'number':
      return typeof f.schema.default === 'number' ? jsString(String(f.schema.default)) : '""';
    default:
      return fallback;
  }
}

function fromRecordExpr(f: FieldSpec): string {
  const v = access('record', f.key);
  if (f.kind === 'boolean') return `Boolean(${v})`;
  if (f.kind === 'tags') return `${v} ?? []`;
  if (f.kind === 'datetime') return `toDateTimeInput(${v})`;
  return `${v} ?? ""`;
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

/** The checks of one field in `validate(values)`. */
function checksOf(f: FieldSpec): Array<string | false> {
  const v = access('values', f.key);
  const set = (message: string) => `errors.${f.key} = ${jsString(message)};`;
  const empty =
    f.kind === 'tags'
      ? `${v}.length === 0`
      : ['text', 'longtext', 'email', 'url'].includes(f.kind)
        ? `!${v}.trim()`
        : `${v} === "" || ${v} == null`;
  const { minimum: min, maximum: max } = f.schema;
  const range =
    min !== undefined && max !== undefined
      ? `(Number(${v}) < ${min} || Number(${v}) > ${max})) ${set(`${f.label} must be between ${min} and ${max}`)}`
      : min !== undefined
        ? `Number(${v}) < ${min}) ${set(`${f.label} must be at least ${min}`)}`
        : max !== undefined
          ? `Number(${v}) > ${max}) ${set(`${f.label} must be at most ${max}`)}`
          : null;
  return [
    f.required && f.kind !== 'boolean' && `  if (${empty}) ${set(`${f.label} is required`)}`,
    f.kind === 'email' &&
      `  if (${v} && !/^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$/.test(${v})) ${set('Enter a valid email address')}`,
    f.kind === 'url' &&
      `  if (${v} && !/^https?:\\/\\//.test(${v})) ${set('Enter a full link starting with https://')}`,
    f.kind === 'number' && `  if (${v} !== "" && Number.isNaN(Number(${v}))) ${set('Enter a number')}`,
    f.kind === 'number' && range !== null && `  else if (${v} !== "" && ${range}`,
  ];
}

function fieldInput(ctx: EntityContext, f: FieldSpec): string {
  const type = inputTypeOf(f);
  const r = ctx.relations.find((x) => x.key === f.key);
  const props = [
    `label=${jsString(f.currency ? `${f.label} (${f.currency})` : f.label)}`,
    type !== 'text' && `type="${type}"`,
    f.required && f.kind !== 'boolean' && 'required',
    f.kind === 'select' && `options={${jsArray(f.options)}}`,
    r && `options={${r.targetVars.many}.map((row) => ({ value: row.id, label: ${relationLabel(r, 'row')} }))}`,
    f.kind === 'number' && f.schema.minimum !== undefined && `min={${f.schema.minimum}}`,
    f.kind === 'number' && f.schema.maximum !== undefined && `max={${f.schema.maximum}}`,
    `value={${access('values', f.key)}}`,
    `onChange={(value) => setValue(${jsString(f.key)}, value)}`,
    f.kind !== 'boolean' && `error={${access('errors', f.key)}}`,
  ];
  return lines(`          <FieldInput`, ...props.map((p) => p && `            ${p}`), `          />`);
}

/** The create/edit form (`?id=` edits): typed inputs, required and format checks, save errors shown. */
export function renderFormPage(model: AppModel, entity: string): string {
  const ctx = contextOf(model, entity);
  const fields = ctx.fields.filter((f) => f.kind !== 'json');
  const relations = distinctTargets(ctx);
  const usesDateTime = fields.some((f) => f.kind === 'datetime');
  const isLoading = ['isLoading', ...relations.map(loadingOf)].join(' || ');
  // Links such as "Add task" on a project page pass the parent's id in the URL.
  const initial = relations.length
    ? `{ ...EMPTY, ${relations.map((r) => `${r.key}: searchParams.get(${jsString(r.key)}) ?? ""`).join(', ')} }`
    : 'EMPTY';

  return `${lines(
    `import React, { useState } from "react";`,
    `import { Link, useNavigate, useSearchParams } from "react-router-dom";`,
    ...entityImports(ctx),
    `import { createPageUrl } from "@/utils";`,
    `import PageHeader from "@/components/PageHeader";`,
    `import LoadingState from "@/components/LoadingState";`,
    `import ErrorMessage from "@/components/ErrorMessage";`,
    `import FieldInput from "@/components/FieldInput";`,
    `import { errorMessage${usesDateTime ? ', fromDateTimeInput, toDateTimeInput' : ''} } from "@/services/format";`,
    `import { ${relations.length ? 'useRecord, useRecords' : 'useRecord'} } from "@/services/useRecords";`,
  )}

const EMPTY = {
${lines(...fields.map((f) => `  ${f.key}: ${emptyValue(f)},`))}
};

function fromRecord(record) {
  return {
${lines(...fields.map((f) => `    ${f.key}: ${fromRecordExpr(f)},`))}
  };
}

function toRecord(values) {
  return {
${lines(...fields.map((f) => `    ${f.key}: ${toRecordExpr(f)},`))}
  };
}

function validate(values) {
${lines(`  const errors = {};`, ...fields.flatMap(checksOf), `  return errors;`)}
}

export default function ${ctx.pages.form}() {
${lines(
  `  const [searchParams] = useSearchParams();`,
  `  const id = searchParams.get("id");`,
  `  const navigate = useNavigate();`,
  `  const { record, isLoading, error: loadError } = useRecord(${ctx.id}, id);`,
  ...relationLoads(relations),
  `  // What the user typed; until then the form shows the record (or the defaults of a new one).`,
  `  const [edits, setEdits] = useState(null);`,
  `  const [errors, setErrors] = useState({});`,
  `  const [isSaving, setIsSaving] = useState(false);`,
  `  const [saveError, setSaveError] = useState("");`,
  `  const values = edits ?? (record ? fromRecord(record) : ${initial});`,
)}

  function setValue(key, value) {
    setEdits({ ...values, [key]: value });
    setErrors((current) => ({ ...current, [key]: undefined }));
  }

  async function handleSubmit(event) {
    event.preventDefault();
    const nextErrors = validate(values);
    setErrors(nextErrors);
    if (Object.keys(nextErrors).length > 0) return;
    setIsSaving(true);
    setSaveError("");
    try {
      const ${ctx.vars.one} = id ? await ${ctx.id}.update(id, toRecord(values)) : await ${ctx.id}.create(toRecord(values));
      const savedId = ${ctx.vars.one}?.id ?? id;
      navigate(createPageUrl(savedId ? ${jsString(`${ctx.pages.detail}?id=`)} + savedId : ${jsString(ctx.pages.list)}));
    } catch (err) {
      setSaveError(errorMessage(err));
      setIsSaving(false);
    }
  }

  const backTo = createPageUrl(id ? ${jsString(`${ctx.pages.detail}?id=`)} + id : ${jsString(ctx.pages.list)});
  if (${isLoading}) return <LoadingState />;

  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title={id ? ${jsString(`Edit ${ctx.label}`)} : ${jsString(`New ${ctx.label}`)}} backTo={backTo} backLabel={id ? ${jsString(`Back to ${ctx.label}`)} : ${jsString(`All ${ctx.labelPlural}`)}} />
      {loadError ? (
        <ErrorMessage message={loadError} />
      ) : (
        <form onSubmit={handleSubmit} noValidate className="${CLASSES.card} space-y-5 p-6">
          {saveError && <ErrorMessage message={saveError} />}
${lines(...fields.map((f) => fieldInput(ctx, f)))}
          <div className="flex justify-end gap-2 border-t border-border pt-5">
            <Link to={backTo} className="${CLASSES.secondaryButton}">
              Cancel
            </Link>
            <button type="submit" disabled={isSaving} className="${CLASSES.primaryButton}">
              {isSaving ? "Saving…" : id ? "Save changes" : ${jsString(`Create ${ctx.label}`)}}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
`;
}
