import { useState } from 'react';
import { ArrowDown, ArrowUp, Pencil, Plus, Trash2, Wand2, X } from 'lucide-react';
import { type PlanId } from '@tessera/contracts/plans';
import {
  FIELD_TYPE_LABELS,
  MAX_CUSTOM_FIELDS,
  MAX_INPUT_STEPS,
  TOOL_MESSAGES,
  TOOL_SHORT_TEXT_MAX_LENGTH,
  allowedFieldTypes,
  canAddField,
  checkFieldCount,
  checkFieldLabel,
  deleteFieldRefusal,
  type CustomField,
  type InputStep,
} from '@tessera/contracts/tools';
import { Badge, Button, Input, toast } from '@tessera/ui';
import { isApiError } from '../../../../shared/api';
import { toolsApi } from '../../api/tools';
import { moved, newStepId } from '../../lib/tool-draft';
import { FIELD_TYPE_ICONS } from '../field-type-icons';
import { FieldEditor, blankField } from './field-editor';
import { PanelSection } from './panel-bits';

export interface FieldsPanelProps {
  appId: string;
  toolId: string;
  fields: CustomField[];
  steps: InputStep[];
  instructions: string;
  isMultiStep: boolean;
  plan: PlanId;
  isAdmin: boolean;
  isSignupEnabled: boolean;
  onFieldsChange: (fields: CustomField[]) => void;
  onStepsChange: (steps: InputStep[]) => void;
}

type Editing = { index: number | null; field: CustomField } | null;

/** Custom fields (docs/product/tools.md#rules-and-messages): the form's fields in order, magic create, and the input steps. */
export function FieldsPanel(props: FieldsPanelProps) {
  const { appId, toolId, fields, steps, instructions, plan, isAdmin, isSignupEnabled, onFieldsChange } = props;
  const [editing, setEditing] = useState<Editing>(null);
  const types = allowedFieldTypes({ plan, isAdmin });

  if (editing) {
    const others = fields.filter((_, i) => i !== editing.index);
    return (
      <FieldEditor
        appId={appId}
        initial={editing.field}
        isNew={editing.index === null}
        others={others}
        steps={steps}
        types={types}
        isSignupEnabled={isSignupEnabled}
        onCancel={() => setEditing(null)}
        onSave={(field) => {
          onFieldsChange(
            editing.index === null ? [...fields, field] : fields.map((f, i) => (i === editing.index ? field : f)),
          );
          setEditing(null);
        }}
      />
    );
  }

  function startAdd() {
    if (!canAddField(fields.length)) {
      toast.error(checkFieldCount(fields.length + 1) ?? TOOL_MESSAGES.maxFields);
      return;
    }
    setEditing({ index: null, field: blankField(types[0] ?? 'text', toolId) });
  }

  function remove(index: number) {
    const field = fields[index]!;
    const refusal = deleteFieldRefusal(field, instructions);
    if (refusal) {
      toast.error(refusal);
      return;
    }
    onFieldsChange(fields.filter((_, i) => i !== index));
    toast.success(`Removed ${field.label}`);
  }

  return (
    <div className="space-y-6">
      <PanelSection
        title={`Fields · ${fields.length} of ${MAX_CUSTOM_FIELDS}`}
        hint="What visitors fill in. Use a field's tag in the instructions to put its answer there."
      >
        {fields.length === 0 ? (
          <p className="rounded-xl border border-dashed border-line-strong px-4 py-6 text-center text-sm text-ink-subtle">
            No fields yet: visitors get the main input only.
          </p>
        ) : (
          <ol className="space-y-2" aria-label="Fields">
            {fields.map((field, i) => {
              const Icon = FIELD_TYPE_ICONS[field.type];
              return (
                <li
                  key={`${field.name}-${i}`}
                  className="group flex items-center gap-2 rounded-xl border border-line bg-surface p-2 pl-2.5"
                >
                  <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
                    <Icon className="size-4" aria-hidden />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium text-ink">
                      {field.label}
                      {field.required && (
                        <span className="text-red-600" aria-label=" (required)">
                          {' '}
                          *
                        </span>
                      )}
                    </span>
                    <span className="flex items-center gap-1.5 text-xs text-ink-subtle">
                      {FIELD_TYPE_LABELS[field.type]}
                      <code className="truncate text-brand-700">[{field.name}]</code>
                      {field.personal && <Badge className="h-4.5 px-1.5 text-[10px]">Personal</Badge>}
                    </span>
                  </span>
                  <span className="flex shrink-0">
                    <Button
                      size="icon"
                      variant="ghost"
                      className="size-7"
                      aria-label={`Move ${field.label} up`}
                      disabled={i === 0}
                      onClick={() => onFieldsChange(moved(fields, i, i - 1))}
                    >
                      <ArrowUp aria-hidden />
                    </Button>
                    <Button
                      size="icon"
                      variant="ghost"
                      className="size-7"
                      aria-label={`Move ${field.label} down`}
                      disabled={i === fields.length - 1}
                      onClick={() => onFieldsChange(moved(fields, i, i + 1))}
                    >
                      <ArrowDown aria-hidden />
                    </Button>
                    <Button
                      size="icon"
                      variant="ghost"
                      className="size-7"
                      aria-label={`Edit ${field.label}`}
                      onClick={() => setEditing({ index: i, field })}
                    >
                      <Pencil aria-hidden />
                    </Button>
                    <Button
                      size="icon"
                      variant="ghost"
                      className="size-7 hover:text-red-600"
                      aria-label={`Delete ${field.label}`}
                      onClick={() => remove(i)}
                    >
                      <Trash2 aria-hidden />
                    </Button>
                  </span>
                </li>
              );
            })}
          </ol>
        )}
        <Button variant="secondary" fullWidth onClick={startAdd}>
          <Plus aria-hidden />
          Add field
        </Button>
      </PanelSection>

      <MagicCreate
        appId={appId}
        toolId={toolId}
        fields={fields}
        onCreated={(field) => setEditing({ index: null, field })}
      />

      <StepsSection {...props} />
    </div>
  );
}

/** Magic create: a field described in words, made by the model (or the offline field maker). */
function MagicCreate({
  appId,
  toolId,
  fields,
  onCreated,
}: {
  appId: string;
  toolId: string;
  fields: CustomField[];
  onCreated: (field: CustomField) => void;
}) {
  const [input, setInput] = useState('');
  const [isPending, setIsPending] = useState(false);

  async function create() {
    if (!input.trim() || isPending) return;
    if (!canAddField(fields.length)) {
      toast.error(checkFieldCount(fields.length + 1) ?? TOOL_MESSAGES.maxFields);
      return;
    }
    setIsPending(true);
    try {
      const { field } = await toolsApi.magicCreate({ input, magicType: 'field', appId, toolId });
      if (checkFieldLabel(field.label, fields, field.name)) {
        toast.error(TOOL_MESSAGES.magicFieldName);
        return;
      }
      setInput('');
      onCreated({ ...field, toolId });
    } catch (error) {
      if (isApiError(error) && error.status >= 400 && error.status < 500) toast.error(error.message);
      else if (isApiError(error)) toast.error(TOOL_MESSAGES.magicFailed);
      else toast.error(TOOL_MESSAGES.magicCreateFailed);
    } finally {
      setIsPending(false);
    }
  }

  return (
    <PanelSection title="Magic create" hint="Describe a field; the AI picks its type and options for you to check.">
      <div className="flex gap-2">
        <Input
          aria-label="Describe a field"
          placeholder="Favourite cuisine: Italian, Thai, Mexican"
          value={input}
          maxLength={500}
          onChange={(e) => setInput(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void create();
            }
          }}
        />
        <Button
          variant="secondary"
          loading={isPending}
          disabled={!input.trim()}
          onClick={() => void create()}
          aria-label="Create the field"
        >
          <Wand2 aria-hidden />
        </Button>
      </div>
    </PanelSection>
  );
}

/** Input steps: with multi-step input on, the form shows one step's fields at a time. */
function StepsSection({ fields, steps, isMultiStep, onStepsChange, onFieldsChange }: FieldsPanelProps) {
  function removeStep(id: string) {
    onStepsChange(steps.filter((s) => s.id !== id));
    // Its fields move to the first step.
    if (fields.some((f) => f.stepId === id))
      onFieldsChange(fields.map((f) => (f.stepId === id ? { ...f, stepId: null } : f)));
  }
  return (
    <PanelSection
      title="Steps"
      hint={
        isMultiStep
          ? 'Visitors go through these in order; pick each field’s step in its settings.'
          : 'Turn on Multi-step input in Tool texts to show the form a step at a time.'
      }
    >
      {steps.length > 0 && (
        <ol className="space-y-2" aria-label="Steps">
          {steps.map((step, i) => (
            <li key={step.id} className="flex items-center gap-2">
              <span className="w-5 shrink-0 text-center text-xs font-semibold text-ink-subtle">{i + 1}</span>
              <Input
                aria-label={`Step ${i + 1} title`}
                value={step.title}
                placeholder={`Step ${i + 1}`}
                maxLength={TOOL_SHORT_TEXT_MAX_LENGTH}
                onChange={(e) =>
                  onStepsChange(steps.map((s) => (s.id === step.id ? { ...s, title: e.target.value } : s)))
                }
                className="h-8"
              />
              <Button
                size="icon"
                variant="ghost"
                className="size-8"
                aria-label={`Remove step ${i + 1}`}
                onClick={() => removeStep(step.id)}
              >
                <X aria-hidden />
              </Button>
            </li>
          ))}
        </ol>
      )}
      {steps.length < MAX_INPUT_STEPS && (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => onStepsChange([...steps, { id: newStepId(steps), title: '' }])}
        >
          <Plus aria-hidden />
          Add step
        </Button>
      )}
    </PanelSection>
  );
}
