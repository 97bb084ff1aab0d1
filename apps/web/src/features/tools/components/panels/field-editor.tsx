import { useState } from 'react';
import { ArrowUp, Plus, Trash2 } from 'lucide-react';
import {
  ADMIN_FIELD_TYPES,
  CUSTOM_FIELD_TYPES,
  FIELD_INSTRUCTIONS_MAX_LENGTH,
  FIELD_LABEL_MAX_LENGTH,
  FIELD_TYPE_LABELS,
  FILTER_CONDITIONS,
  MAX_FIELD_OPTIONS,
  OPTION_FIELD_TYPES,
  OPTION_LABEL_MAX_LENGTH,
  canMemorize,
  checkFieldLabel,
  checkOptionLabel,
  checkOptions,
  fieldNameFromLabel,
  type CustomField,
  type CustomFieldType,
  type FieldOption,
  type FilterCondition,
  type InputStep,
} from '@tessera/contracts/tools';
import { Button, Field, Input, Select, Textarea } from '@tessera/ui';
import { moved } from '../../lib/tool-draft';
import { ImagePicker } from '../../../../shared/image-picker';
import { ToggleRow } from './panel-bits';

const FILTER_LABELS: Record<FilterCondition, string> = {
  none: 'Not used to filter',
  include: 'Keep CSV rows that match the value',
  exclude: 'Leave out CSV rows that match the value',
};

export interface FieldEditorProps {
  appId: string;
  /** The field being edited, or a new one. */
  initial: CustomField;
  isNew: boolean;
  /** The tool's other fields (labels and names must differ from theirs). */
  others: readonly CustomField[];
  steps: readonly InputStep[];
  /** The types this builder may add (the others are listed, disabled, with who may add them). */
  types: readonly CustomFieldType[];
  isSignupEnabled: boolean;
  onSave: (field: CustomField) => void;
  onCancel: () => void;
}

/**
 * One custom field's form (docs/product/tools.md#rules-and-messages): type, label (its `[name]`
 * made from it), required, personal (always on for email), memorize (with sign-up, never for
 * photos), step, instructions, filter condition and options with icons. Every rule is checked
 * as the builder types, with the product's messages.
 */
export function FieldEditor({
  appId,
  initial,
  isNew,
  others,
  steps,
  types,
  isSignupEnabled,
  onSave,
  onCancel,
}: FieldEditorProps) {
  const [field, setField] = useState<CustomField>(initial);
  const [touched, setTouched] = useState(!isNew);
  const [newOption, setNewOption] = useState('');
  const [optionError, setOptionError] = useState<string | null>(null);
  const set = (patch: Partial<CustomField>) => setField((f) => ({ ...f, ...patch }));

  // A new field's name follows its label; an existing field keeps its name (its tag is in use).
  const name = isNew ? fieldNameFromLabel(field.label) : field.name;
  const labelError = checkFieldLabel(field.label, others, name);
  const hasOptions = OPTION_FIELD_TYPES.includes(field.type);
  const optionsError = hasOptions ? checkOptions(field.options) : null;
  const memorizeShown = canMemorize(field.type, isSignupEnabled);
  const isEmail = field.type === 'email';

  function handleType(type: CustomFieldType) {
    set({
      type,
      personal: type === 'email' ? true : field.personal,
      memorize: canMemorize(type, isSignupEnabled) ? field.memorize : false,
    });
  }

  function addOption() {
    const error = checkOptionLabel(newOption, field.options);
    if (error) {
      setOptionError(error);
      return;
    }
    set({ options: [...field.options, { label: newOption.trim() }] });
    setNewOption('');
    setOptionError(null);
  }

  function updateOption(index: number, patch: Partial<FieldOption>) {
    set({ options: field.options.map((o, i) => (i === index ? { ...o, ...patch } : o)) });
  }

  function handleSave() {
    setTouched(true);
    if (labelError || optionsError) return;
    onSave({
      ...field,
      name,
      label: field.label.trim(),
      personal: isEmail ? true : field.personal,
      memorize: memorizeShown && field.memorize,
      options: hasOptions ? field.options : [],
    });
  }

  return (
    <form
      className="space-y-4"
      aria-label={isNew ? 'New field' : `Edit ${initial.label}`}
      onSubmit={(e) => {
        e.preventDefault();
        handleSave();
      }}
    >
      <Field label="Type">
        <Select value={field.type} onChange={(e) => handleType(e.target.value as CustomFieldType)}>
          {CUSTOM_FIELD_TYPES.map((t) => {
            const isAllowed = types.includes(t) || t === initial.type;
            return (
              <option key={t} value={t} disabled={!isAllowed}>
                {`${FIELD_TYPE_LABELS[t]}${isAllowed ? '' : ADMIN_FIELD_TYPES.includes(t) ? ' · admins only' : ' · paid plans'}`}
              </option>
            );
          })}
        </Select>
      </Field>
      <Field
        label="Label"
        error={touched ? (labelError ?? undefined) : undefined}
        hint={
          <>
            Tag for the instructions: <code className="rounded bg-brand-50 px-1 text-brand-700">[{name}]</code>
          </>
        }
      >
        <Input
          value={field.label}
          maxLength={FIELD_LABEL_MAX_LENGTH + 20}
          autoFocus={isNew}
          placeholder="Favourite cuisine"
          onChange={(e) => {
            set({ label: e.target.value });
            setTouched(true);
          }}
        />
      </Field>

      {hasOptions && (
        <fieldset className="space-y-2">
          <legend className="mb-1.5 text-sm font-medium text-ink">Options</legend>
          {field.options.length === 0 && <p className="text-[13px] text-ink-subtle">No options yet.</p>}
          <ul className="space-y-2">
            {field.options.map((option, i) => (
              <li key={i} className="rounded-lg border border-line p-2">
                <div className="flex items-center gap-1.5">
                  <Input
                    aria-label={`Option ${i + 1}`}
                    value={option.label}
                    maxLength={OPTION_LABEL_MAX_LENGTH + 20}
                    aria-invalid={optionsError?.index === i}
                    onChange={(e) => updateOption(i, { label: e.target.value })}
                    className="h-8"
                  />
                  <Button
                    size="icon"
                    variant="ghost"
                    className="size-8"
                    aria-label={`Move option ${i + 1} up`}
                    disabled={i === 0}
                    onClick={() => set({ options: moved(field.options, i, i - 1) })}
                  >
                    <ArrowUp aria-hidden />
                  </Button>
                  <Button
                    size="icon"
                    variant="ghost"
                    className="size-8"
                    aria-label={`Remove option ${i + 1}`}
                    onClick={() => set({ options: field.options.filter((_, j) => j !== i) })}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </div>
                <div className="mt-2">
                  <ImagePicker
                    appId={appId}
                    label={`Icon of ${option.label || `option ${i + 1}`}`}
                    value={option.iconUrl ?? undefined}
                    onChange={(iconUrl) => updateOption(i, { iconUrl: iconUrl ?? null })}
                  />
                </div>
              </li>
            ))}
          </ul>
          {optionsError && touched && (
            <p role="alert" className="text-[13px] text-red-600">
              {optionsError.message}
            </p>
          )}
          {field.options.length < MAX_FIELD_OPTIONS && (
            <div className="flex gap-2">
              <Input
                aria-label="New option"
                placeholder="Add an option"
                value={newOption}
                maxLength={OPTION_LABEL_MAX_LENGTH + 20}
                aria-invalid={optionError !== null}
                onChange={(e) => {
                  setNewOption(e.target.value);
                  setOptionError(null);
                }}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    addOption();
                  }
                }}
                className="h-8"
              />
              <Button size="sm" variant="secondary" onClick={addOption}>
                <Plus aria-hidden />
                Add
              </Button>
            </div>
          )}
          {optionError && (
            <p role="alert" className="text-[13px] text-red-600">
              {optionError}
            </p>
          )}
        </fieldset>
      )}

      <div className="space-y-3 rounded-xl bg-surface-muted p-3">
        <ToggleRow label="Required" checked={field.required} onCheckedChange={(required) => set({ required })} />
        <ToggleRow
          label="Personal"
          hint={isEmail ? 'E-mail fields are always personal.' : 'Kept out of shared results and analytics.'}
          checked={isEmail || field.personal}
          disabled={isEmail}
          onCheckedChange={(personal) => set({ personal })}
        />
        {memorizeShown && (
          <ToggleRow
            label="Memorize"
            hint="Signed-in users find their last answer filled in."
            checked={field.memorize}
            onCheckedChange={(memorize) => set({ memorize })}
          />
        )}
      </div>

      {steps.length > 0 && (
        <Field label="Step">
          <Select value={field.stepId ?? ''} onChange={(e) => set({ stepId: e.target.value || null })}>
            <option value="">First step</option>
            {steps.map((s, i) => (
              <option key={s.id} value={s.id}>
                {s.title || `Step ${i + 1}`}
              </option>
            ))}
          </Select>
        </Field>
      )}

      <Field label="Instructions for the AI" optional hint="How to read this answer, e.g. “a budget in euros”.">
        <Textarea
          rows={2}
          value={field.instructions}
          maxLength={FIELD_INSTRUCTIONS_MAX_LENGTH}
          onChange={(e) => set({ instructions: e.target.value })}
        />
      </Field>

      <Field label="Filter condition" hint="Used by the smart items filtering query method.">
        <Select
          value={field.filterCondition}
          onChange={(e) => set({ filterCondition: e.target.value as FilterCondition })}
        >
          {FILTER_CONDITIONS.map((c) => (
            <option key={c} value={c}>
              {FILTER_LABELS[c]}
            </option>
          ))}
        </Select>
      </Field>

      <div className="sticky bottom-0 -mx-3 flex justify-end gap-2 border-t border-line bg-surface px-3 py-3">
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit">{isNew ? 'Add field' : 'Save field'}</Button>
      </div>
    </form>
  );
}

/** A blank field of the first type this builder may add. */
export function blankField(type: CustomFieldType, toolId: string): CustomField {
  return {
    name: '',
    label: '',
    type,
    required: false,
    personal: type === 'email',
    memorize: false,
    stepId: null,
    instructions: '',
    toolId,
    filterCondition: 'none',
    options: [],
  };
}
