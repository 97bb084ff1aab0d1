import { useEffect, useId, useState, type FormEvent } from 'react';
import { Plus } from 'lucide-react';
import { TEMPLATE_MESSAGES, type AppTemplate } from '@tessera/contracts/templates';
import { checkTemplateCategory } from '@tessera/contracts/tools';
import { Alert, Button, Field, Input, Select, Skeleton, Switch, Textarea, toast } from '@tessera/ui';
import { useCurrentAccount } from '../../account';
import { errorMessage } from '../../../shared/api';
import { ImagePicker } from '../../../shared/image-picker';
import { useAddTemplateCategory, useAppTemplate, useSaveAppTemplate, useTemplateCategories } from '../api/templates';

export interface TemplateSettingsSectionProps {
  appId: string;
  /** Published: for a single tool, one of its tools is live. */
  isPublished: boolean;
  /** A single tool (its Tool settings), rather than a generated or space app (App settings). */
  isTool?: boolean;
}

/**
 * The template section of App settings and of a single tool's Tool settings, for admins
 * (docs/product/templates.md#roles-and-permissions): offer the published app or live tool as a
 * template with a category of the managed list (a new one added in place), a description, an image
 * (the app's image upload) and the Pro-only switch.
 */
export function TemplateSettingsSection(props: TemplateSettingsSectionProps) {
  const account = useCurrentAccount();
  const isAdmin = account.data?.isAdmin === true;
  if (!isAdmin) return null;
  return <TemplateSettingsForm {...props} />;
}

function TemplateSettingsForm(props: TemplateSettingsSectionProps) {
  const { appId } = props;
  const stored = useAppTemplate(appId);
  const categories = useTemplateCategories(true);
  if (stored.isPending || categories.isPending) return <Skeleton className="h-40 w-full rounded-xl" />;
  if (stored.isError) return <Alert tone="error">{errorMessage(stored.error)}</Alert>;
  if (categories.isError) return <Alert tone="error">{errorMessage(categories.error)}</Alert>;
  return <TemplateForm {...props} stored={stored.data} categories={categories.data} />;
}

interface TemplateFormProps extends TemplateSettingsSectionProps {
  stored: AppTemplate;
  categories: string[];
}

function TemplateForm({ appId, isPublished, isTool = false, stored, categories }: TemplateFormProps) {
  const [form, setForm] = useState(stored);
  const save = useSaveAppTemplate(appId);
  const baseId = useId();
  useEffect(() => setForm(stored), [stored]);
  const isDirty = JSON.stringify(form) !== JSON.stringify(stored);
  const canOffer = isPublished || stored.isTemplate;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (form.isTemplate && !form.category) {
      toast.error(TEMPLATE_MESSAGES.categoryRequired);
      return;
    }
    save.mutate(form, {
      onSuccess: () => toast.success(form.isTemplate ? 'Offered as a template' : 'Template settings saved'),
      onError: (err) => toast.error(errorMessage(err)),
    });
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-4 border-t border-line pt-5" aria-label="Template">
      <h3 className="text-xs font-medium tracking-wide text-ink-faint uppercase">Template library</h3>
      <div className="flex items-start gap-3 rounded-xl border border-line bg-surface p-3">
        <div className="min-w-0 flex-1">
          <label htmlFor={`${baseId}-offer`} className="block text-sm font-medium text-ink">
            Offer as a template
          </label>
          <p className="mt-0.5 text-[13px] leading-snug text-ink-subtle">
            Builders see it on Home and start their own copy of the {isTool ? 'live tool' : 'published app'}.
          </p>
        </div>
        <Switch
          id={`${baseId}-offer`}
          checked={form.isTemplate}
          disabled={!canOffer || save.isPending}
          onCheckedChange={(isTemplate) => setForm((f) => ({ ...f, isTemplate }))}
          className="mt-0.5"
        />
      </div>
      {!canOffer && (
        <Alert tone="info">{isTool ? TEMPLATE_MESSAGES.needsLiveTool : TEMPLATE_MESSAGES.needsPublish}.</Alert>
      )}
      <fieldset disabled={save.isPending} className="min-w-0 space-y-4">
        <Field label="Template category">
          <Select
            value={form.category ?? ''}
            onChange={(e) => setForm((f) => ({ ...f, category: e.target.value || null }))}
          >
            <option value="">Choose a category</option>
            {categories.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Select>
        </Field>
        <NewCategory categories={categories} onAdded={(category) => setForm((f) => ({ ...f, category }))} />
        <Field label="Template description" optional>
          <Textarea
            rows={3}
            value={form.description}
            placeholder="What builders get when they start from it"
            onChange={(e) => setForm((f) => ({ ...f, description: e.target.value }))}
          />
        </Field>
        <ImagePicker
          appId={appId}
          label="Template image"
          fit="cover"
          wide
          value={form.imageUrl ?? undefined}
          onChange={(imageUrl) => setForm((f) => ({ ...f, imageUrl: imageUrl ?? null }))}
        />
        <div className="flex items-center justify-between gap-3">
          <label htmlFor={`${baseId}-pro`} className="text-sm font-medium text-ink">
            Pro only (paid plans)
          </label>
          <Switch
            id={`${baseId}-pro`}
            checked={form.isPro}
            onCheckedChange={(isPro) => setForm((f) => ({ ...f, isPro }))}
          />
        </div>
      </fieldset>
      <div className="flex justify-end border-t border-line pt-4">
        <Button type="submit" size="sm" loading={save.isPending} disabled={!isDirty}>
          Save template
        </Button>
      </div>
    </form>
  );
}

/** Adds a category to the managed list; the spec's messages for an empty or existing name. */
function NewCategory({ categories, onAdded }: { categories: string[]; onAdded: (name: string) => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const add = useAddTemplateCategory();

  function handleAdd() {
    const refusal = checkTemplateCategory(name, categories);
    if (refusal) {
      setError(refusal);
      return;
    }
    add.mutate(name.trim(), {
      onSuccess: () => {
        onAdded(name.trim());
        setName('');
      },
      onError: (err) => setError(errorMessage(err)),
    });
  }

  return (
    <div className="space-y-2">
      <Field label="New category" optional error={error}>
        <Input
          value={name}
          placeholder="e.g. Shops"
          onChange={(e) => {
            setName(e.target.value);
            setError(undefined);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              handleAdd();
            }
          }}
        />
      </Field>
      <Button type="button" size="sm" variant="secondary" loading={add.isPending} onClick={handleAdd}>
        <Plus aria-hidden />
        Add category
      </Button>
    </div>
  );
}
