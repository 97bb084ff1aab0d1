// What the list, detail and form generators know about an entity: names, fields, relations.
import { displayFieldOf, fieldSpecsOf, type FieldSpec } from '../fields';
import { entityIdentifier, iconOf, pagesOf, varsOf, type AppModel } from '../app-model';
import { capitalize, humanize, pluralize } from '../text';
import { access, entityImport } from './code';

/** `<FieldValue …/>` showing `value` (generated code) by the field's type, amounts in their currency. */
export function fieldValueTag(field: FieldSpec, value: string): string {
  const currency = field.currency ? ` currency="${field.currency}"` : '';
  return `<FieldValue type="${inputTypeOf(field)}"${currency} value={${value}} />`;
}

/** The FieldInput / FieldValue `type` of a field. */
export function inputTypeOf(field: FieldSpec): string {
  switch (field.kind) {
    case 'longtext':
      return 'textarea';
    case 'boolean':
      return 'checkbox';
    case 'relation':
      return 'select';
    default:
      return field.kind;
  }
}

export type Relation = FieldSpec & {
  targetId: string;
  targetVars: { one: string; many: string };
  targetDisplay: string | null;
  targetHasPages: boolean;
};

/** Everything the three page generators share about an entity. */
export interface EntityContext {
  name: string;
  id: string;
  label: string;
  labelPlural: string;
  pages: { list: string; detail: string; form: string };
  vars: { one: string; many: string };
  fields: FieldSpec[];
  display: string | null;
  icon: string;
  relations: Relation[];
}

export function contextOf(model: AppModel, name: string): EntityContext {
  const entry = model.entities.find((e) => e.name === name);
  if (!entry) throw new Error(`Unknown entity ${name}`);
  const names = model.entities.map((e) => e.name);
  const fields = fieldSpecsOf(entry.schema, names);
  const relations = fields
    .filter((f) => f.kind === 'relation' && f.target)
    .map((f) => {
      const target = model.entities.find((e) => e.name === f.target)!;
      // A self-reference needs other names than the record being shown.
      const vars =
        target.name === name
          ? { one: `parent${target.name}`, many: `parent${pluralize(target.name)}` }
          : varsOf(target.name);
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

/** Relations to distinct entities (two fields pointing at one entity load it once). */
export function distinctTargets(ctx: EntityContext): Relation[] {
  return ctx.relations.filter((r, i, all) => all.findIndex((o) => o.target === r.target) === i);
}

/** The title of a record `obj` in generated code: its display field, or the entity and a short id. */
export const titleExpr = (ctx: EntityContext, obj: string) =>
  ctx.display
    ? `${access(obj, ctx.display)} || "Untitled ${ctx.label}"`
    : `"${capitalize(ctx.label)} " + ${obj}.id.slice(0, 8)`;

/** The label of a related record `row` in generated code. */
export const relationLabel = (r: Relation, row: string) =>
  r.targetDisplay ? `${access(row, r.targetDisplay)} || ${row}.id` : `${row}.id`;

/** Imports of the entity, of what its relations point at, and of `extra` entities. */
export function entityImports(ctx: EntityContext, extra: string[] = []): string[] {
  const names = new Set([ctx.name, ...ctx.relations.map((r) => r.target!), ...extra]);
  return [...names].map(entityImport);
}

/** `const { records: projects, isLoading: isLoadingProjects } = useRecords(Project, …)` for each relation. */
export function relationLoads(relations: Relation[]): string[] {
  return relations.map(
    (r) =>
      `  const { records: ${r.targetVars.many}, isLoading: ${loadingOf(r)} } = useRecords(${r.targetId}, { limit: 1000 });`,
  );
}

/** The loading flag of a relation's records. */
export const loadingOf = (r: Relation) => `isLoading${capitalize(r.targetVars.many)}`;
