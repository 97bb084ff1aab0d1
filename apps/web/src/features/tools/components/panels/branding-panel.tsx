import { useId, useState } from 'react';
import { Check } from 'lucide-react';
import {
  APP_FONTS,
  APP_FONT_LABELS,
  STYLE_FIELD_LABELS,
  STYLE_NAMES,
  STYLE_PRESETS,
  canHideWatermark,
  isHexColor,
  normalizeHexColor,
  type AppFont,
  type AppStyle,
  type StyleColorField,
  type StyleName,
} from '@tessera/contracts/apps';
import { Input, Select, cn } from '@tessera/ui';
import { ImagePicker } from '../../../../shared/image-picker';
import { PanelSection, ToggleRow } from './panel-bits';

const PRESET_LABELS: Record<StyleName, string> = { dark: 'Dark', colorful: 'Colorful', light: 'Light' };
const COLOR_FIELDS: StyleColorField[] = [
  'headerTextColor',
  'subheaderTextColor',
  'buttonBackgroundColor',
  'buttonTextColor',
  'background',
];

export interface BrandingPanelProps {
  appId: string;
  style: AppStyle;
  onChange: (style: AppStyle) => void;
  /** The owner's plan: the server lets only plans that may hide the watermark switch it off (admins too). */
  plan: Parameters<typeof canHideWatermark>[0];
  /**
   * The preset an unset style looks like: light on a tool page; null for a generated app, whose
   * own theme shows until a preset is picked (no preset is marked then).
   */
  presetWhenUnset?: StyleName | null;
  /** The font and favicon pickers (a generated app's runtime applies them). */
  withFontAndFavicon?: boolean;
}

/**
 * App branding for a tool (docs/product/tools.md#data App style): a preset, the page's colours over
 * it, a background colour or image, the logo, and the watermark switch where the plan allows it.
 */
export function BrandingPanel({
  appId,
  style,
  onChange,
  plan,
  presetWhenUnset = 'light',
  withFontAndFavicon = false,
}: BrandingPanelProps) {
  const preset = STYLE_PRESETS[style.styleName ?? presetWhenUnset ?? 'light'];
  const mayHideWatermark = canHideWatermark(plan);
  const set = (patch: Partial<AppStyle>) => onChange(stripEmpty({ ...style, ...patch }));

  return (
    <div className="space-y-6">
      <PanelSection title="Style">
        <div role="radiogroup" aria-label="Style" className="grid grid-cols-3 gap-2">
          {STYLE_NAMES.map((name) => {
            const p = STYLE_PRESETS[name];
            const selected = (style.styleName ?? presetWhenUnset) === name;
            return (
              <button
                key={name}
                type="button"
                role="radio"
                aria-checked={selected}
                // A preset sets the whole palette: the colours chosen over the old one go.
                onClick={() => set({ styleName: name, ...Object.fromEntries(COLOR_FIELDS.map((f) => [f, undefined])) })}
                className={cn(
                  'relative overflow-hidden rounded-xl border text-left focus-visible:outline-2 focus-visible:outline-brand-500',
                  selected ? 'border-brand-500 ring-2 ring-brand-200' : 'border-line hover:border-line-strong',
                )}
              >
                <span
                  className="flex h-14 flex-col justify-center gap-1 px-2.5"
                  style={{ background: p.backgroundGradient ?? p.background }}
                >
                  <span className="h-1.5 w-10 rounded-full" style={{ background: p.headerTextColor }} />
                  <span className="h-1 w-7 rounded-full" style={{ background: p.subheaderTextColor }} />
                  <span className="mt-0.5 h-2.5 w-8 rounded" style={{ background: p.buttonBackgroundColor }} />
                </span>
                <span className="flex items-center justify-between px-2.5 py-1.5 text-xs font-medium text-ink">
                  {PRESET_LABELS[name]}
                  {selected && <Check className="size-3.5 text-brand-600" aria-hidden />}
                </span>
              </button>
            );
          })}
        </div>
      </PanelSection>

      <PanelSection title="Colours" hint="Over the style's own; clear a colour to go back to it.">
        {COLOR_FIELDS.map((field) => (
          <ColorRow
            key={field}
            label={STYLE_FIELD_LABELS[field]}
            value={style[field]}
            fallback={preset[field]}
            onChange={(value) => set({ [field]: value })}
          />
        ))}
      </PanelSection>

      <PanelSection title="Images">
        <ImagePicker appId={appId} label="Logo" value={style.logoUrl} onChange={(logoUrl) => set({ logoUrl })} />
        <ImagePicker
          appId={appId}
          label="Background image"
          fit="cover"
          value={style.backgroundImage}
          onChange={(backgroundImage) => set({ backgroundImage })}
        />
        {withFontAndFavicon && (
          <ImagePicker
            appId={appId}
            label="Favicon"
            value={style.faviconUrl}
            onChange={(faviconUrl) => set({ faviconUrl })}
          />
        )}
      </PanelSection>

      {withFontAndFavicon && (
        <PanelSection title="Font">
          <Select
            aria-label="Font"
            value={style.font ?? ''}
            onChange={(e) => set({ font: (e.target.value || undefined) as AppFont | undefined })}
          >
            <option value="">The app's own</option>
            {APP_FONTS.map((font) => (
              <option key={font} value={font}>
                {APP_FONT_LABELS[font]}
              </option>
            ))}
          </Select>
        </PanelSection>
      )}

      <PanelSection title="Badge">
        <ToggleRow
          label="Hide “Built with Tessera”"
          hint={
            mayHideWatermark ? 'Your plan lets you remove the badge.' : 'Available on the Monetizer plan and above.'
          }
          // On a plan that may hide it the badge is hidden unless switched back on (showsWatermark).
          checked={mayHideWatermark && style.hideBuildAI !== false}
          disabled={!mayHideWatermark}
          onCheckedChange={(hideBuildAI) => set({ hideBuildAI })}
        />
      </PanelSection>
    </div>
  );
}

function ColorRow({
  label,
  value,
  fallback,
  onChange,
}: {
  label: string;
  value: string | undefined;
  fallback: string;
  onChange: (value: string | undefined) => void;
}) {
  const id = useId();
  // What is typed shows at once; only a whole colour (or none) is saved.
  const [text, setText] = useState(value ?? '');
  const [lastValue, setLastValue] = useState(value);
  if (value !== lastValue) {
    setLastValue(value);
    if (value !== undefined || text === '' || isHexColor(text)) setText(value ?? '');
  }
  const shown = value && isHexColor(value) ? normalizeHexColor(value) : fallback;
  const isInvalid = text.trim() !== '' && !isHexColor(text.trim());
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="min-w-0 flex-1 text-sm text-ink">
        {label}
      </label>
      <input
        type="color"
        aria-label={`${label} picker`}
        value={shown}
        onChange={(e) => onChange(e.target.value)}
        className="size-8 shrink-0 cursor-pointer rounded-md border border-line bg-surface p-0.5"
      />
      <div className="w-28 shrink-0">
        <Input
          id={id}
          value={text}
          placeholder={fallback}
          maxLength={7}
          spellCheck={false}
          aria-invalid={isInvalid}
          title={isInvalid ? 'A colour such as #4f46e5' : undefined}
          onChange={(e) => {
            setText(e.target.value);
            const next = e.target.value.trim();
            if (next === '') onChange(undefined);
            else if (isHexColor(next)) onChange(normalizeHexColor(next));
          }}
          className="h-8 font-mono text-xs"
        />
      </div>
    </div>
  );
}

/** The style without unset keys (the server keeps what it is sent). */
function stripEmpty(style: AppStyle): AppStyle {
  return Object.fromEntries(Object.entries(style).filter(([, v]) => v !== undefined && v !== '')) as AppStyle;
}
