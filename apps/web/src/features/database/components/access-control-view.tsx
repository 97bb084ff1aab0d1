import { useState } from 'react';
import { Check, ShieldCheck, Sparkles } from 'lucide-react';
import { MESSAGES } from '@tessera/contracts';
import {
  ACCESS_LEVELS,
  ACCESS_PRESETS,
  permissionChangeRequest,
  type AccessLevel,
  type EntityPermissions,
  type EntitySchema,
} from '@tessera/contracts/entities';
import { Button, Field, Select, cn, toast } from '@tessera/ui';

/** Human names of the access levels (docs/product/database.md#data; "all" is every signed-in app user). */
export const ACCESS_LEVEL_LABELS: Record<AccessLevel, { label: string; hint: string }> = {
  anonymous: { label: 'Anyone, even signed out', hint: 'Every visitor, with or without an account' },
  all: { label: 'Signed-in users', hint: 'Every user signed in to your app (the presets call them “Public”)' },
  admin: { label: 'Admins only', hint: 'You and the app’s admins' },
  creator: { label: 'Row creator', hint: 'Only the user who created the row' },
  none: { label: 'No one', hint: 'Only you, through this panel' },
};

export interface AccessControlViewProps {
  entity: string;
  schema: EntitySchema;
  /** Whether the chat is answering: a change would have to wait for it. */
  isChatBusy: boolean;
  /** Sends a request to the chat; false when it could not be sent. */
  onRequestChange: (request: string) => boolean;
}

const same = (a: EntityPermissions, b: EntityPermissions) => a.read === b.read && a.write === b.write;

/**
 * Who may read and write an entity's rows: two levels, or one of the six presets. Applying asks the
 * chat (docs/product/database.md#roles-and-permissions), so the change becomes a version of the app like any other.
 */
export function AccessControlView({ entity, schema, isChatBusy, onRequestChange }: AccessControlViewProps) {
  const stored = schema['x-accessControl'].permissions;
  const [draft, setDraft] = useState<EntityPermissions>(stored);
  const isDirty = !same(draft, stored);

  function handleApply() {
    if (isChatBusy) {
      toast.error(MESSAGES.chat.waitForPermissions);
      return;
    }
    if (onRequestChange(permissionChangeRequest(entity, draft)))
      toast.success(`Asked the assistant to change who can access ${entity}`);
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
                  isChosen
                    ? 'border-brand-500 bg-brand-50/60 ring-1 ring-brand-500'
                    : 'border-line bg-surface hover:border-line-strong',
                )}
              >
                <span
                  className={cn(
                    'mt-0.5 flex size-4 shrink-0 items-center justify-center rounded-full border',
                    isChosen ? 'border-brand-600 bg-brand-600 text-white' : 'border-line-strong',
                  )}
                >
                  {isChosen && <Check className="size-3" aria-hidden />}
                </span>
                <span className="min-w-0">
                  <span className="block text-[13px] font-medium text-ink">{preset.name}</span>
                  <span className="block text-xs text-ink-subtle">
                    Read: {ACCESS_LEVEL_LABELS[preset.permissions.read].label} · Write:{' '}
                    {ACCESS_LEVEL_LABELS[preset.permissions.write].label}
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
            <Field
              key={kind}
              label={kind === 'read' ? 'Who can read rows' : 'Who can create and edit rows'}
              hint={ACCESS_LEVEL_LABELS[draft[kind]].hint}
            >
              <Select
                value={draft[kind]}
                onChange={(e) => setDraft((d) => ({ ...d, [kind]: e.target.value as AccessLevel }))}
              >
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
          You always have full access to this table here. Changes are made by the assistant, as a new version.
        </p>
        <div className="flex gap-2">
          <Button variant="secondary" disabled={!isDirty} onClick={() => setDraft(stored)}>
            Reset
          </Button>
          <Button disabled={!isDirty} onClick={handleApply}>
            <Sparkles aria-hidden />
            Apply with the assistant
          </Button>
        </div>
      </div>
    </div>
  );
}
