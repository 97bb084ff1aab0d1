import { useState } from 'react';
import { Camera, ChevronDown, MapPin, Sparkles } from 'lucide-react';
import { cn } from '@tessera/ui';
import type { PreviewTheme } from '../lib/preview-theme';
import type { CustomField, InputStep, ToolTexts } from '@tessera/contracts';

export interface ToolPreviewProps {
  title: string;
  texts: ToolTexts;
  fields: CustomField[];
  steps: InputStep[];
  theme: PreviewTheme;
  logoUrl?: string | null;
  showWatermark: boolean;
  /** The frame: a desktop window, a phone (375 px), or the whole area (the builder on a phone). */
  device: 'desktop' | 'mobile' | 'fill';
}

/**
 * The live preview of the public tool page (docs/product/tools.md#screens-and-routes): the same
 * header, form, examples, call to action and watermark, drawn from what the builder is editing.
 * Nothing in it runs; the real page lives on the app's own origin.
 */
export function ToolPreview({ title, texts, fields, steps, theme, logoUrl, showWatermark, device }: ToolPreviewProps) {
  const [stepIndex, setStepIndex] = useState(0);
  const multiStep = texts.isMultiStepInput && steps.length > 1;
  const step = multiStep ? steps[Math.min(stepIndex, steps.length - 1)] : undefined;
  const visible = step ? fields.filter((f) => (f.stepId ?? steps[0]?.id) === step.id) : fields;
  const header = texts.header.trim() || title.trim() || 'Your tool';

  return (
    <div
      data-testid="tool-preview"
      aria-label="Preview of the public tool page"
      className={cn(
        'relative mx-auto flex min-h-full flex-col overflow-hidden bg-cover bg-center',
        device === 'mobile' && 'my-2 min-h-[667px] w-[375px] rounded-[28px] ring-8 ring-zinc-900/90',
        device === 'desktop' && 'w-full rounded-xl shadow-card ring-1 ring-line',
        device === 'fill' && 'w-full',
      )}
      style={{
        backgroundColor: theme.background,
        backgroundImage: theme.backgroundImage ?? undefined,
        color: theme.text,
      }}
    >
      <div className={cn('mx-auto w-full max-w-2xl flex-1', device === 'desktop' ? 'px-8 py-10' : 'px-4 py-6')}>
        {logoUrl && <img src={logoUrl} alt="" className="mx-auto mb-5 h-12 max-w-40 object-contain" />}
        <h1
          className={cn(
            'text-center font-semibold tracking-tight text-balance',
            device === 'desktop' ? 'text-3xl' : 'text-2xl',
          )}
          style={{ color: theme.header }}
        >
          {header}
        </h1>
        {texts.description.trim() && (
          <p
            className="mx-auto mt-2 max-w-xl text-center text-[15px] leading-relaxed"
            style={{ color: theme.subheader }}
          >
            {texts.description}
          </p>
        )}
        {texts.welcomeMessage.trim() && (
          <p
            className="mt-5 rounded-xl px-4 py-3 text-sm leading-relaxed"
            style={{ background: theme.card, border: `1px solid ${theme.cardLine}` }}
          >
            {texts.welcomeMessage}
          </p>
        )}

        {!texts.isInputHidden && (
          <section
            className="mt-6 space-y-4 rounded-2xl p-5 shadow-sm"
            style={{ background: theme.card, border: `1px solid ${theme.cardLine}` }}
          >
            {multiStep && step && (
              <div className="flex items-center justify-between text-xs font-medium" style={{ color: theme.muted }}>
                <span>{step.title || `Step ${stepIndex + 1}`}</span>
                <span>
                  Step {stepIndex + 1} of {steps.length}
                </span>
              </div>
            )}
            {texts.isInputCollapsed ? (
              <div
                className="flex items-center justify-between rounded-lg px-3 py-2.5 text-sm"
                style={{ border: `1px solid ${theme.cardLine}`, color: theme.muted }}
              >
                {texts.inputLabel.trim() || 'Your details'}
                <ChevronDown className="size-4" aria-hidden />
              </div>
            ) : (
              <>
                {visible.map((field) => (
                  <PreviewField key={field.name} field={field} theme={theme} />
                ))}
                {!multiStep && (
                  <PreviewInput label={texts.inputLabel} placeholder={texts.inputPlaceholder} theme={theme} />
                )}
              </>
            )}
            <div className="flex gap-2">
              {multiStep && stepIndex > 0 && (
                <button
                  type="button"
                  onClick={() => setStepIndex((i) => i - 1)}
                  className="h-11 rounded-xl px-4 text-sm font-medium"
                  style={{ border: `1px solid ${theme.cardLine}` }}
                >
                  Back
                </button>
              )}
              <button
                type="button"
                onClick={() => multiStep && setStepIndex((i) => (i + 1 < steps.length ? i + 1 : i))}
                className="flex h-11 flex-1 items-center justify-center gap-2 rounded-xl text-sm font-semibold"
                style={{ background: theme.buttonBackground, color: theme.buttonText }}
              >
                {multiStep && stepIndex + 1 < steps.length ? (
                  'Next'
                ) : (
                  <>
                    <Sparkles className="size-4" aria-hidden />
                    Generate
                  </>
                )}
              </button>
            </div>
          </section>
        )}

        {texts.examples.some((e) => e.trim()) && (
          <div className="mt-4 flex flex-wrap justify-center gap-2" aria-label="Examples">
            {texts.examples
              .filter((e) => e.trim())
              .map((example, i) => (
                <span
                  key={i}
                  className="rounded-full px-3 py-1.5 text-[13px]"
                  style={{ background: theme.card, border: `1px solid ${theme.cardLine}`, color: theme.muted }}
                >
                  {example}
                </span>
              ))}
          </div>
        )}

        {(texts.ctaMessage.trim() || texts.ctaButton.trim()) && (
          <div
            className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-2xl px-5 py-4"
            style={{ background: theme.card, border: `1px solid ${theme.cardLine}` }}
          >
            <p className="text-sm font-medium">{texts.ctaMessage}</p>
            {texts.ctaButton.trim() && (
              <span
                className="rounded-lg px-3.5 py-2 text-sm font-semibold"
                style={{ background: theme.buttonBackground, color: theme.buttonText }}
              >
                {texts.ctaButton}
              </span>
            )}
          </div>
        )}
      </div>
      {showWatermark && (
        <p className="pb-4 text-center text-xs" style={{ color: theme.muted }}>
          Built with <span className="font-semibold">Tessera</span>
        </p>
      )}
    </div>
  );
}

function PreviewInput({ label, placeholder, theme }: { label: string; placeholder: string; theme: PreviewTheme }) {
  if (!label.trim() && !placeholder.trim()) return null;
  return (
    <div className="space-y-1.5">
      {label.trim() && <p className="text-sm font-medium">{label}</p>}
      <div
        className="min-h-20 rounded-lg px-3 py-2.5 text-sm"
        style={{ border: `1px solid ${theme.cardLine}`, color: theme.muted }}
      >
        {placeholder}
      </div>
    </div>
  );
}

function PreviewField({ field, theme }: { field: CustomField; theme: PreviewTheme }) {
  const box = { border: `1px solid ${theme.cardLine}`, color: theme.muted };
  const options = field.options ?? [];
  let control;
  switch (field.type) {
    case 'long_text':
      control = <div className="h-20 rounded-lg" style={box} />;
      break;
    case 'select':
    case 'multiselect':
      control = (
        <div className="flex flex-wrap gap-2">
          {(options.length ? options : [{ label: 'Option' }]).map((o, i) => (
            <span key={i} className="inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm" style={box}>
              {o.iconUrl && <img src={o.iconUrl} alt="" className="size-4 object-contain" />}
              {o.label}
            </span>
          ))}
        </div>
      );
      break;
    case 'photo':
      control = (
        <div
          className="flex h-20 flex-col items-center justify-center gap-1 rounded-lg border-dashed text-xs"
          style={box}
        >
          <Camera className="size-5" aria-hidden />
          Upload a photo
        </div>
      );
      break;
    case 'height':
    case 'weight':
      control = (
        <div className="flex gap-2">
          <div className="h-10 flex-1 rounded-lg" style={box} />
          <span className="flex h-10 items-center rounded-lg px-3 text-sm" style={box}>
            {field.type === 'height' ? 'cm' : 'kg'}
          </span>
        </div>
      );
      break;
    case 'place':
      control = (
        <div className="flex h-10 items-center gap-2 rounded-lg px-3 text-sm" style={box}>
          <MapPin className="size-4" aria-hidden />
          Search a place
        </div>
      );
      break;
    case 'tool_item_select':
      control = (
        <div className="flex h-10 items-center justify-between rounded-lg px-3 text-sm" style={box}>
          Choose an item
          <ChevronDown className="size-4" aria-hidden />
        </div>
      );
      break;
    default:
      control = (
        <div className="flex h-10 items-center rounded-lg px-3 text-sm" style={box}>
          {field.type === 'email' ? 'name@example.com' : ''}
        </div>
      );
  }
  return (
    <div className="space-y-1.5">
      <p className="text-sm font-medium">
        {field.label}
        {field.required && <span aria-hidden> *</span>}
      </p>
      {control}
    </div>
  );
}
