import { useState } from 'react';
import { Check, ShieldCheck } from 'lucide-react';
import { ACCESS_LEVELS, ACCESS_PRESETS, type AccessLevel, type EntityPermissions, type EntitySchema } from '@tessera/contracts';
import { Button, Field, Select, cn, toast } from '@tessera/ui';
import { errorMessage } from '../../../shared/api';
import { useSchemaMutations } from '../api/database';

/** Human names of the access levels (spec 3 §3; "all" is every signed-in app user). */
export const ACCESS_LEVEL_LABELS: Record<AccessLevel, { label: string; hint: string }> = {
  anonymous: { label: 'Anyone', hint: 'Visitors, signed in or not' },
  all: { label: 'Signed-in users', hint: 'Every user of your app' },
  admin: { label: 'Admins only', hint: 'You and the app’s admins' },
  creator: { label: 'Row creator', hint: 'Only the user who created the row' },
  none: { label: 'No one', hint: 'Only you, through this panel' },
};

export interface AccessControlViewProps {
  appId: string;
  entity: string;
  schema: EntitySchema;
  onSchemaSaved: (name: string, schema: EntitySchema) => void;
}

const same = (a: EntityPermissions, b: EntityPermissions) => a.read === b.read && a.write === b.write;

/** Who may read and write an entity's rows: two levels, or one of the six presets; Save stores the schema. */
export function AccessControlView({ appId, entity, schema, onSchemaSaved }: AccessControlViewProps) {
  const stored = schema['x-accessControl'].permissions;
  const [draft, setDraft] = useState<EntityPermissions>(stored);
  const { save } = useSchemaMutations(appId, entity, onSchemaSaved);
  const isDirty = !same(draft, stored);

  function handleSave() {
    save.mutate(
      { ...schema, 'x-accessControl': { permissions: draft } },
      {
        onSuccess: () => toast.success(`Access to ${entity} saved`),
        onError: (err) => toast.error('Failed to save access control', { description: errorMessage(err) }),
      },
    );
  }

  return (
    <div className="space-y-6">
      <section aria-labelledby="access-presets" className="space-y-3">
        <h3 id="access-presets" className="text-sm font-semibold text-ink">
          Presets
        </h3>
        <div className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
          {ACCESS_PRESETS.map((preset) => {
            const isChosen = same(preset.permissions, draft);
            return (
              <button
                key={preset.name}
                type="button"
                aria-pressed={isChosen}
                onClick={() => setDraft(preset.permissions)}
                className={cn(
                  'flex items-start gap-3 rounded-xl border px-3.5 py-3 text-left transition-colors focus-visible:outline-2 focus-visible:outline-brand-500',
                  isChosen ? 'border-brand-500 bg-brand-50/60 ring-1 ring-brand-500' : 'border-line bg-surface hover:border-line-strong',
                )}
              >
                <span className={cn('mt-0.5 flex size-4 shrink-0 items-center justify-center rounded-full border', isChosen ? 'border-brand-600 bg-brand-600 text-white' : 'border-line-strong')}>
                  {isChosen && <Check className="size-3" aria-hidden />}
                </span>
                <span className="min-w-0">
                  <span className="block text-[13px] font-medium text-ink">{preset.name}</span>
                  <span className="block text-xs text-ink-subtle">
                    Read: {ACCESS_LEVEL_LABELS[preset.permissions.read].label} · Write: {ACCESS_LEVEL_LABELS[preset.permissions.write].label}
                  </span>
                </span>
              </button>
            );
          })}
        </div>
      </section>

      <section aria-labelledby="access-levels" className="space-y-3">
        <h3 id="access-levels" className="text-sm font-semibold text-ink">
          Custom levels
        </h3>
        <div className="grid gap-4 sm:grid-cols-2">
          {(['read', 'write'] as const).map((kind) => (
            <Field key={kind} label={kind === 'read' ? 'Who can read rows' : 'Who can create and edit rows'} hint={ACCESS_LEVEL_LABELS[draft[kind]].hint}>
              <Select value={draft[kind]} onChange={(e) => setDraft((d) => ({ ...d, [kind]: e.target.value as AccessLevel }))}>
                {ACCESS_LEVELS.map((level) => (
                  <option key={level} value={level}>
                    {ACCESS_LEVEL_LABELS[level].label}
                  </option>
                ))}
              </Select>
            </Field>
          ))}
        </div>
      </section>

      <div className="flex flex-col-reverse gap-3 border-t border-line pt-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-center gap-2 text-[13px] text-ink-subtle">
          <ShieldCheck className="size-4 shrink-0 text-ink-faint" aria-hidden />
          You always have full access to this table here.
        </p>
        <div className="flex gap-2">
          <Button variant="secondary" disabled={!isDirty || save.isPending} onClick={() => setDraft(stored)}>
            Reset
          </Button>
          <Button disabled={!isDirty} loading={save.isPending} onClick={handleSave}>
            Save access
          </Button>
        </div>
      </div>
    </div>
  );
}
