import { useState } from 'react';
import { LayoutTemplate, Sparkles } from 'lucide-react';
import type { TemplateSummary } from '@tessera/contracts/templates';
import { Alert, Badge, Button, Skeleton } from '@tessera/ui';
import { useCurrentAccount } from '../../account';
import { errorMessage } from '../../../shared/api';
import { useTemplates } from '../api/templates';
import { isProLocked, useStartFromTemplate } from '../hooks/use-start-from-template';

const ALL = '';

/**
 * Home's "Start from a template" (docs/product/templates.md#screens-and-routes): the published
 * templates by category, each with its image, name, description and a Pro badge, and "Use
 * template". Nothing shows while the library is empty.
 */
export function TemplateGallery() {
  const templates = useTemplates();
  const account = useCurrentAccount();
  const [category, setCategory] = useState(ALL);
  const { start, pendingId } = useStartFromTemplate();

  if (templates.isPending)
    return (
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy aria-label="Loading templates">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-64 rounded-2xl" />
        ))}
      </div>
    );
  if (templates.isError) return <Alert tone="error">{errorMessage(templates.error)}</Alert>;
  const all = templates.data.templates;
  if (all.length === 0) return null;
  const used = templates.data.categories.filter((c) => all.some((t) => t.category === c));
  const shown = category === ALL ? all : all.filter((t) => t.category === category);

  return (
    <section aria-labelledby="templates-heading" className="mt-12 sm:mt-16">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="templates-heading" className="flex items-center gap-2 text-lg font-semibold tracking-tight text-ink">
          <LayoutTemplate className="size-5 text-brand-600" aria-hidden />
          Start from a template
        </h2>
      </div>
      {used.length > 0 && (
        <div role="group" aria-label="Template categories" className="-mx-1 mb-5 flex gap-2 overflow-x-auto px-1 pb-1">
          {[ALL, ...used].map((c) => (
            <button
              key={c || 'all'}
              type="button"
              aria-pressed={category === c}
              onClick={() => setCategory(c)}
              className="shrink-0 rounded-full border border-line px-3.5 py-1.5 text-sm font-medium text-ink-subtle transition-colors hover:border-line-strong hover:text-ink aria-pressed:border-brand-600 aria-pressed:bg-brand-50 aria-pressed:text-brand-700"
            >
              {c || 'All'}
            </button>
          ))}
        </div>
      )}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {shown.map((template) => (
          <li key={template.templateId} className="flex">
            <TemplateCard
              template={template}
              isLocked={isProLocked(template, account.data)}
              isPending={pendingId === template.templateId}
              isDisabled={pendingId !== undefined}
              onUse={(isLocked) => start(template, isLocked)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

interface TemplateCardProps {
  template: TemplateSummary;
  isLocked: boolean;
  isPending: boolean;
  isDisabled: boolean;
  onUse: (isLocked: boolean) => void;
}

function TemplateCard({ template, isLocked, isPending, isDisabled, onUse }: TemplateCardProps) {
  return (
    <article
      aria-label={template.name}
      className="flex w-full flex-col overflow-hidden rounded-2xl border border-line bg-surface shadow-card"
    >
      <div className="relative aspect-[16/9] bg-surface-muted">
        {template.imageUrl ? (
          <img src={template.imageUrl} alt="" className="absolute inset-0 size-full object-cover" loading="lazy" />
        ) : (
          <div className="flex size-full items-center justify-center bg-gradient-to-br from-brand-50 to-sky-50">
            <LayoutTemplate className="size-10 text-brand-300" aria-hidden />
          </div>
        )}
        {template.isPro && (
          <Badge tone="warning" className="absolute top-3 right-3 shadow-card">
            <Sparkles aria-hidden />
            Pro
          </Badge>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="min-w-0 space-y-1">
          <p className="text-xs font-medium tracking-wide text-ink-faint uppercase">{template.category}</p>
          <h3 className="text-[15px] font-semibold tracking-tight text-ink">{template.name}</h3>
          {template.description && (
            <p className="line-clamp-3 text-sm leading-snug text-ink-subtle">{template.description}</p>
          )}
        </div>
        <Button
          className="mt-auto self-start"
          size="sm"
          variant={isLocked ? 'secondary' : 'primary'}
          loading={isPending}
          disabled={isDisabled && !isPending}
          onClick={() => onUse(isLocked)}
          aria-label={`Use template ${template.name}`}
        >
          Use template
        </Button>
      </div>
    </article>
  );
}
