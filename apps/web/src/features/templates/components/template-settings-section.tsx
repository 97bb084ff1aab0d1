import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ImageUp, Plus, Trash2 } from 'lucide-react';
import { RUNTIME_MESSAGES, TEMPLATE_MESSAGES, checkTemplateCategory, type AppTemplate } from '@tessera/contracts';
import { Alert, Button, Field, Input, Progress, Select, Skeleton, Switch, Textarea, toast } from '@tessera/ui';
import { useCurrentAccount } from '../../account';
import { uploadImage } from '../../database';
import { errorMessage } from '../../../shared/api';
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
        <TemplateImage
          appId={appId}
          value={form.imageUrl}
          onChange={(imageUrl) => setForm((f) => ({ ...f, imageUrl }))}
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

/** The template's picture, uploaded through the app's image upload (`POST /api/apps/{appId}/files`). */
function TemplateImage({
  appId,
  value,
  onChange,
}: {
  appId: string;
  value: string | null;
  onChange: (url: string | null) => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);

  async function handleFile(file: File | undefined) {
    if (!file) return;
    setProgress(0);
    try {
      onChange(await uploadImage(appId, file, setProgress));
    } catch (error) {
      toast.error(error instanceof Error ? error.message : RUNTIME_MESSAGES.uploadFailed);
    } finally {
      setProgress(null);
      if (inputRef.current) inputRef.current.value = '';
    }
  }

  return (
    <div className="space-y-1.5">
      <p className="text-sm font-medium text-ink">Template image</p>
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex h-14 w-24 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-line bg-surface-muted">
          {value ? (
            <img src={value} alt="Template image" className="size-full object-cover" />
          ) : (
            <ImageUp className="size-5 text-ink-faint" aria-hidden />
          )}
        </div>
        {progress !== null ? (
          <Progress value={progress} label="Uploading template image" />
        ) : (
          <div className="flex gap-2">
            <Button type="button" size="sm" variant="secondary" onClick={() => inputRef.current?.click()}>
              {value ? 'Replace' : 'Upload'}
            </Button>
            {value && (
              <Button
                type="button"
                size="sm"
                variant="ghost"
                onClick={() => onChange(null)}
                aria-label="Remove template image"
              >
                <Trash2 aria-hidden />
              </Button>
            )}
          </div>
        )}
      </div>
      <input
        ref={inputRef}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp,image/avif"
        className="sr-only"
        tabIndex={-1}
        aria-label="Template image file"
        onChange={(e) => void handleFile(e.target.files?.[0])}
      />
    </div>
  );
}
