// A chat turn works on the app as it was when the turn started. When the builder changed the app
// meanwhile (a Database-panel schema edit or a hand edit in the code editor, each a version of its
// own), the turn's result is merged onto the app as it is now instead of overwriting it: the
// builder's edit is never lost (docs/product/editor-and-chat.md#rules-and-messages).
import { repairSnapshot, validateSnapshot, type AppSnapshot, type ValidationIssue } from '@tessera/agent';
import type { EntitySchema, PropertySchema } from '@tessera/contracts/entities';
import { renameFieldInFiles } from '../versions/field-references';
import type { AppNow } from '../versions/versions.repo';

type Seed = { entity: string; data: Record<string, unknown> };

/** JSON with sorted keys: schemas read back from jsonb come in another key order. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'undefined';
}

const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** Whether the app's entities are still those a turn started from. */
export const sameEntities = (a: Record<string, EntitySchema>, b: Record<string, EntitySchema>) => same(a, b);

/** Fields the builder renamed: one gone and one new with the same definition, in one entity. */
function renamesOf(before: EntitySchema | undefined, after: EntitySchema | undefined): Array<[string, string]> {
  if (!before || !after) return [];
  const gone = Object.keys(before.properties).filter((k) => !Object.hasOwn(after.properties, k));
  const added = Object.keys(after.properties).filter((k) => !Object.hasOwn(before.properties, k));
  const out: Array<[string, string]> = [];
  for (const from of gone) {
    const to = added.find((k) => same(before.properties[from], after.properties[k]));
    if (to && !out.some(([, t]) => t === to)) out.push([from, to]);
  }
  return out;
}

/**
 * One entity changed by both: the turn's schema with the builder's changes made again on it — fields
 * the builder added, removed, renamed (in place) or redefined, the required list, and any other
 * setting the builder changed (access rules, description).
 */
function mergeEntity(base: EntitySchema | undefined, builder: EntitySchema, turn: EntitySchema): EntitySchema {
  const from: EntitySchema = base ?? ({ type: 'object', properties: {} } as unknown as EntitySchema);
  const renames = new Map(renamesOf(from, builder));
  const properties: Record<string, PropertySchema> = {};
  for (const [key, prop] of Object.entries(turn.properties)) {
    const renamed = renames.get(key);
    if (renamed) properties[renamed] = builder.properties[renamed]!;
    else if (Object.hasOwn(from.properties, key) && !Object.hasOwn(builder.properties, key)) continue;
    else if (Object.hasOwn(builder.properties, key) && !same(from.properties[key], builder.properties[key]))
      properties[key] = builder.properties[key]!;
    else properties[key] = prop;
  }
  for (const [key, prop] of Object.entries(builder.properties))
    if (!Object.hasOwn(from.properties, key) && !Object.hasOwn(properties, key)) properties[key] = prop;
  const baseRequired = new Set(from.required ?? []);
  const builderRequired = new Set(builder.required ?? []);
  const required = [
    ...(turn.required ?? [])
      .map((r) => renames.get(r) ?? r)
      .filter((r) => !baseRequired.has(r) || builderRequired.has(r)),
    ...[...builderRequired].filter((r) => !baseRequired.has(r)),
  ].filter((r, i, all) => Object.hasOwn(properties, r) && all.indexOf(r) === i);
  const merged: Record<string, unknown> = { ...turn };
  for (const key of new Set([...Object.keys(from), ...Object.keys(builder)])) {
    if (key === 'properties' || key === 'required') continue;
    const b = (builder as unknown as Record<string, unknown>)[key];
    if (!same((from as unknown as Record<string, unknown>)[key], b)) {
      if (b === undefined) delete merged[key];
      else merged[key] = b;
    }
  }
  merged.properties = properties;
  if (required.length) merged.required = required;
  else delete merged.required;
  return merged as unknown as EntitySchema;
}

/** What the turn's save is: the merged app, and the files whose hand edits won over the turn's. */
export interface RebasedTurn {
  snapshot: AppSnapshot;
  records: Seed[];
  /** Files both the builder (by hand) and the turn changed: the builder's version was kept. */
  keptHandEdits: string[];
}

/**
 * The turn's result merged onto the app as it is now. `base` is what the turn started from, `turn`
 * what it made of it, `current` the app now. Files the turn did not touch and entities it did not
 * change are taken as they are now; a file the builder changed by hand (edited, added or deleted)
 * stays as the builder left it, the turn's version of it dropped (listed in `keptHandEdits` when the
 * turn changed it too); the other files it wrote get the builder's field renames; entities both
 * changed are merged field by field (mergeEntity); its sample records follow the renames.
 */
export function rebaseTurn(
  base: AppSnapshot,
  turn: { snapshot: AppSnapshot; records: Seed[] },
  current: AppSnapshot,
): RebasedTurn {
  const renames = Object.keys(current.entities).flatMap((name) =>
    renamesOf(base.entities[name], current.entities[name]).map(([from, to]) => ({ entity: name, from, to })),
  );
  // What a field rename alone made of the starting files: such a change is not a hand edit.
  let renamedBase = base.files;
  for (const { from, to } of renames)
    renamedBase = { ...renamedBase, ...renameFieldInFiles(renamedBase, from, to).files };
  let files: Record<string, string> = {};
  const written: Record<string, string> = {};
  const keptHandEdits: string[] = [];
  const paths = new Set([
    ...Object.keys(base.files),
    ...Object.keys(current.files),
    ...Object.keys(turn.snapshot.files),
  ]);
  for (const path of paths) {
    const wrote = turn.snapshot.files[path] !== base.files[path];
    const now = current.files[path];
    const isHandEdit = now !== base.files[path] && now !== renamedBase[path];
    if (isHandEdit && wrote && turn.snapshot.files[path] !== now) keptHandEdits.push(path);
    const text = wrote && !isHandEdit ? turn.snapshot.files[path] : now;
    if (text === undefined) continue;
    files[path] = text;
    if (wrote && !isHandEdit) written[path] = text;
  }
  for (const { from, to } of renames) {
    const renamed = renameFieldInFiles(written, from, to);
    Object.assign(written, renamed.files);
    files = { ...files, ...renamed.files };
  }

  const entities: Record<string, EntitySchema> = {};
  for (const name of new Set([...Object.keys(current.entities), ...Object.keys(turn.snapshot.entities)])) {
    const before = base.entities[name];
    const now = current.entities[name];
    const made = turn.snapshot.entities[name];
    const turnChanged = !same(before, made);
    const builderChanged = !same(before, now);
    const result = !turnChanged ? now : !builderChanged ? made : now && made ? mergeEntity(before, now, made) : now;
    if (result) entities[name] = result;
  }
  const records = turn.records.map((r) => {
    const moved = renames.filter((x) => x.entity === r.entity && Object.hasOwn(r.data, x.from));
    if (!moved.length) return r;
    const data = { ...r.data };
    for (const { from, to } of moved) {
      data[to] = data[from];
      delete data[from];
    }
    return { entity: r.entity, data };
  });
  return { snapshot: { files, entities }, records, keptHandEdits: keptHandEdits.sort() };
}

/** The merged app does not validate (say the builder removed a field the turn's new code uses). */
export class RebaseFailed extends Error {
  constructor(readonly issues: ValidationIssue[]) {
    super('The turn could not be merged with the changes made meanwhile');
  }
}

/**
 * What a turn writes when the app changed since it started (null: nothing changed, write it as is).
 * `baseVersionId` and `base` are what the turn started from; the merge is repaired and validated
 * like any turn, and RebaseFailed says why it cannot be saved.
 */
export async function remakeTurn(
  base: AppSnapshot,
  baseVersionId: string | null,
  turn: { snapshot: AppSnapshot; records: Seed[] },
  now: AppNow,
): Promise<RebasedTurn | null> {
  const sameVersion = now.versionId === baseVersionId;
  if (sameVersion && sameEntities(now.entities, base.entities)) return null;
  const current = { files: sameVersion ? base.files : (now.files ?? base.files), entities: now.entities };
  const merged = rebaseTurn(base, turn, current);
  const repaired = await repairSnapshot(merged.snapshot);
  const issues = (await validateSnapshot(repaired.snapshot)).filter((i) => i.severity === 'error');
  if (issues.length) throw new RebaseFailed(issues);
  return { ...merged, snapshot: repaired.snapshot };
}
