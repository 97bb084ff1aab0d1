/**
 * The look and texts of a generated app or a single tool (docs/product/runtime.md#data, App style and
 * App texts): the stored shape, the three presets, the fonts we serve from our own origin, colour and
 * address checks, which plans may hide the "Built with Tessera" badge, and the theme variables (CSS
 * custom properties) the runtime sets from a style. Zod-free on purpose: the browser runtime bundles
 * this file as it is; servers and panels check input with `parseAppStyle` / `parseAppTexts`.
 */
import type { PlanId } from './constants';

export const STYLE_NAMES = ['dark', 'colorful', 'light'] as const;
export type StyleName = (typeof STYLE_NAMES)[number];

/** Fonts an app may use: Inter is served by the app's own host, the others are the device's own. */
export const APP_FONTS = ['inter', 'system', 'serif', 'rounded', 'mono'] as const;
export type AppFont = (typeof APP_FONTS)[number];
export const APP_FONT_LABELS: Record<AppFont, string> = {
  inter: 'Inter',
  system: 'System',
  serif: 'Serif',
  rounded: 'Rounded',
  mono: 'Monospace',
};
/** The CSS font stack of each font (no font is fetched from another site). */
export const APP_FONT_STACKS: Record<AppFont, string> = {
  inter: '"Inter Variable", "Inter", ui-sans-serif, system-ui, -apple-system, "Segoe UI", sans-serif',
  system: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  serif: 'ui-serif, Georgia, Cambria, "Times New Roman", Times, serif',
  rounded: 'ui-rounded, "SF Pro Rounded", "Hiragino Maru Gothic ProN", Quicksand, Nunito, system-ui, sans-serif',
  mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
};

/** The stored style of an app (`POST /api/apps/{id}/style`). Every field is optional: unset means "the app's own". */
export interface AppStyle {
  styleName?: StyleName;
  /** Page background colour. */
  background?: string;
  /** Page background picture: an uploaded file or an https address. */
  backgroundImage?: string;
  logoUrl?: string;
  faviconUrl?: string;
  headerTextColor?: string;
  subheaderTextColor?: string;
  buttonTextColor?: string;
  buttonBackgroundColor?: string;
  font?: AppFont;
  /** The watermark switch: true hides the "Built with Tessera" badge, on plans that allow it. */
  hideBuildAI?: boolean;
}

export const STYLE_COLOR_FIELDS = [
  'background',
  'headerTextColor',
  'subheaderTextColor',
  'buttonTextColor',
  'buttonBackgroundColor',
] as const;
export type StyleColorField = (typeof STYLE_COLOR_FIELDS)[number];
export const STYLE_IMAGE_FIELDS = ['backgroundImage', 'logoUrl', 'faviconUrl'] as const;
export type StyleImageField = (typeof STYLE_IMAGE_FIELDS)[number];

/** Labels of the style fields, as the App branding panel and the refusals name them. */
export const STYLE_FIELD_LABELS: Record<keyof AppStyle, string> = {
  styleName: 'Style',
  background: 'Background colour',
  backgroundImage: 'Background image',
  logoUrl: 'Logo',
  faviconUrl: 'Favicon',
  headerTextColor: 'Header text colour',
  subheaderTextColor: 'Subheader text colour',
  buttonTextColor: 'Button text colour',
  buttonBackgroundColor: 'Button colour',
  font: 'Font',
  hideBuildAI: 'Hide the Built with Tessera badge',
};

/** The full palette a preset sets; the colour fields of a style override their part of it. */
export interface StylePreset {
  background: string;
  surface: string;
  foreground: string;
  muted: string;
  mutedForeground: string;
  border: string;
  headerTextColor: string;
  subheaderTextColor: string;
  buttonBackgroundColor: string;
  buttonTextColor: string;
  /** A decorative background drawn under the page when no background image is set (colorful only). */
  backgroundGradient: string | null;
  colorScheme: 'light' | 'dark';
}

export const STYLE_PRESETS: Record<StyleName, StylePreset> = {
  dark: {
    background: '#0b1120',
    surface: '#111827',
    foreground: '#e5e7eb',
    muted: '#1f2937',
    mutedForeground: '#94a3b8',
    border: '#273244',
    headerTextColor: '#f8fafc',
    subheaderTextColor: '#94a3b8',
    buttonBackgroundColor: '#6366f1',
    buttonTextColor: '#ffffff',
    backgroundGradient: null,
    colorScheme: 'dark',
  },
  colorful: {
    background: '#fdf4ff',
    surface: '#ffffff',
    foreground: '#1e1b4b',
    muted: '#f5f3ff',
    mutedForeground: '#6b21a8',
    border: '#e9d5ff',
    headerTextColor: '#7c3aed',
    subheaderTextColor: '#db2777',
    buttonBackgroundColor: '#db2777',
    buttonTextColor: '#ffffff',
    backgroundGradient: 'linear-gradient(135deg, #fdf2f8 0%, #f5f3ff 50%, #ecfeff 100%)',
    colorScheme: 'light',
  },
  light: {
    background: '#f8fafc',
    surface: '#ffffff',
    foreground: '#0f172a',
    muted: '#f1f5f9',
    mutedForeground: '#64748b',
    border: '#e2e8f0',
    headerTextColor: '#0f172a',
    subheaderTextColor: '#475569',
    buttonBackgroundColor: '#4f46e5',
    buttonTextColor: '#ffffff',
    backgroundGradient: null,
    colorScheme: 'light',
  },
};

/** Plans whose builders may hide the watermark; it shows on every other plan whatever the switch says. */
export const WATERMARK_HIDE_PLANS: readonly PlanId[] = ['monetizer', 'moon'];
export const canHideWatermark = (plan: PlanId): boolean => WATERMARK_HIDE_PLANS.includes(plan);
/**
 * Whether an app's end users see the badge. On a plan that may hide it, it is hidden unless the
 * builder switched it back on (`hideBuildAI: false`); on any other plan it always shows, whatever
 * the stored switch says (a downgraded owner's apps show it again).
 */
export const showsWatermark = (style: Pick<AppStyle, 'hideBuildAI'>, plan: PlanId): boolean =>
  canHideWatermark(plan) ? style.hideBuildAI === false : true;
export const WATERMARK_TEXT = 'Built with Tessera';
/** The refusal of turning the switch on without such a plan. */
export const WATERMARK_PLAN_MESSAGE = 'Upgrade your plan to hide the Built with Tessera badge';

export const HEX_COLOR_PATTERN = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
/** `#abc` or `#aabbcc` (the colour pickers write the long form). */
export const isHexColor = (value: unknown): value is string =>
  typeof value === 'string' && HEX_COLOR_PATTERN.test(value);
/** `#ABC` -> `#aabbcc`. */
export function normalizeHexColor(value: string): string {
  const h = value.slice(1).toLowerCase();
  return `#${h.length === 3 ? [...h].map((c) => c + c).join('') : h}`;
}

export const STYLE_URL_MAX_LENGTH = 2000;
/**
 * An image address a style may name: https anywhere, http on a loopback or `.localhost` host (a
 * local server), or a path of the app's own uploads (`/files/...`). Never `javascript:`, `data:`
 * or anything with quotes, brackets or spaces (it lands inside a CSS `url()`).
 */
export function isStyleImageUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > STYLE_URL_MAX_LENGTH) return false;
  if (/["'()\\\s<>]/.test(value)) return false;
  if (/^\/files\/[0-9a-f-]{36}\.[a-z]+$/.test(value)) return true;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return url.hostname !== '';
  return url.protocol === 'http:' && /^(?:localhost|127\.0\.0\.1|\[::1\]|.+\.localhost)$/.test(url.hostname);
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string; field?: string };

const own = (obj: object, key: string) => Object.prototype.hasOwnProperty.call(obj, key);
const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Checks a style as a panel or the API sends it: known keys only, colours as `#rrggbb`, image
 * addresses as `isStyleImageUrl`, one of the presets and fonts. Empty text and null mean "unset"
 * and are dropped. The first problem comes back as a plain sentence naming the field.
 */
export function parseAppStyle(raw: unknown): Parsed<AppStyle> {
  if (!isPlainObject(raw)) return { ok: false, error: 'The style must be an object' };
  const out: AppStyle = {};
  for (const key of Object.keys(raw)) {
    if (!own(STYLE_FIELD_LABELS, key))
      return { ok: false, error: `"${key.slice(0, 60).replace(/\0/g, '')}" is not a style field`, field: key };
    const value = raw[key];
    const label = STYLE_FIELD_LABELS[key as keyof AppStyle];
    if (value === null || value === '') continue;
    if (key === 'styleName') {
      if (!STYLE_NAMES.includes(value as StyleName))
        return { ok: false, error: `${label} must be one of ${STYLE_NAMES.join(', ')}`, field: key };
      out.styleName = value as StyleName;
    } else if (key === 'font') {
      if (!APP_FONTS.includes(value as AppFont))
        return { ok: false, error: `${label} must be one of ${APP_FONTS.join(', ')}`, field: key };
      out.font = value as AppFont;
    } else if (key === 'hideBuildAI') {
      if (typeof value !== 'boolean') return { ok: false, error: `${label} must be true or false`, field: key };
      out.hideBuildAI = value;
    } else if ((STYLE_COLOR_FIELDS as readonly string[]).includes(key)) {
      if (!isHexColor(value)) return { ok: false, error: `${label} must be a colour such as #1f2937`, field: key };
      out[key as StyleColorField] = normalizeHexColor(value);
    } else {
      if (!isStyleImageUrl(value))
        return {
          ok: false,
          error: `${label} must be an uploaded image or an https:// address`,
          field: key,
        };
      out[key as StyleImageField] = value;
    }
  }
  return { ok: true, value: out };
}

/** What a generated app shows of its texts (App texts and App details panels). */
export interface AppTexts {
  /** The title in the app's header and the browser tab; the app's name when unset. */
  header?: string;
  /** One line under the header. */
  description?: string;
  /** The greeting at the top of the app's home page. */
  welcomeMessage?: string;
  /** Search results and link previews (the page's meta description). */
  shareDescription?: string;
}
export const APP_TEXT_LIMITS: Record<keyof AppTexts, number> = {
  header: 100,
  description: 300,
  welcomeMessage: 1000,
  shareDescription: 300,
};
export const APP_TEXT_LABELS: Record<keyof AppTexts, string> = {
  header: 'Header',
  description: 'Description',
  welcomeMessage: 'Welcome message',
  shareDescription: 'Link description',
};

/** Checks texts: known keys, text within its limit, no NUL; trimmed, empty dropped. */
export function parseAppTexts(raw: unknown): Parsed<AppTexts> {
  if (!isPlainObject(raw)) return { ok: false, error: 'The texts must be an object' };
  const out: AppTexts = {};
  for (const key of Object.keys(raw)) {
    if (!own(APP_TEXT_LABELS, key))
      return { ok: false, error: `"${key.slice(0, 60).replace(/\0/g, '')}" is not an app text`, field: key };
    const value = raw[key];
    const name = key as keyof AppTexts;
    if (value === null) continue;
    if (typeof value !== 'string') return { ok: false, error: `${APP_TEXT_LABELS[name]} must be text`, field: key };
    if (value.includes('\0'))
      return { ok: false, error: `${APP_TEXT_LABELS[name]} contains a character that is not allowed`, field: key };
    const text = value.trim();
    if (text.length > APP_TEXT_LIMITS[name])
      return { ok: false, error: `${APP_TEXT_LABELS[name]}: ${APP_TEXT_LIMITS[name]} characters max`, field: key };
    if (text) out[name] = text;
  }
  return { ok: true, value: out };
}

function luminance(hex: string): number {
  const h = normalizeHexColor(hex).slice(1);
  const [r, g, b] = [0, 2, 4].map((i) => {
    const s = parseInt(h.slice(i, i + 2), 16) / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
/** Mixes a colour towards black (amount < 0) or white (amount > 0). */
export function shadeHex(hex: string, amount: number): string {
  const h = normalizeHexColor(hex).slice(1);
  const target = amount < 0 ? 0 : 255;
  return `#${[0, 2, 4]
    .map((i) => {
      const c = parseInt(h.slice(i, i + 2), 16);
      return Math.round(c + (target - c) * Math.abs(amount))
        .toString(16)
        .padStart(2, '0');
    })
    .join('')}`;
}

/** The theme colours generated components name (`bg-primary`, `text-heading`, `border-border`...); themeVariables sets them. */
export const THEME_COLOR_NAMES = [
  'background',
  'surface',
  'foreground',
  'muted',
  'muted-foreground',
  'border',
  'heading',
  'subheading',
  'primary',
  'primary-hover',
  'primary-foreground',
] as const;

/**
 * The theme variables of a style, as the generated components use them (`bg-primary`,
 * `text-heading`... in Tailwind; `var(--color-primary)` in plain CSS). A preset sets the whole
 * palette; each colour field overrides its part; a style without a preset sets only what it names, so
 * the app's own theme shows through. Values are checked colours and addresses only.
 */
export function themeVariables(style: AppStyle): Record<string, string> {
  const preset = style.styleName ? STYLE_PRESETS[style.styleName] : null;
  const vars: Record<string, string> = {};
  if (preset) {
    vars['--color-background'] = preset.background;
    vars['--color-surface'] = preset.surface;
    vars['--color-foreground'] = preset.foreground;
    vars['--color-muted'] = preset.muted;
    vars['--color-muted-foreground'] = preset.mutedForeground;
    vars['--color-border'] = preset.border;
  }
  const pick = (field: StyleColorField, fallback: string | undefined) => {
    const value = style[field];
    return value && isHexColor(value) ? normalizeHexColor(value) : fallback;
  };
  const background = pick('background', preset?.background);
  const heading = pick('headerTextColor', preset?.headerTextColor);
  const subheading = pick('subheaderTextColor', preset?.subheaderTextColor);
  const button = pick('buttonBackgroundColor', preset?.buttonBackgroundColor);
  const buttonText = pick('buttonTextColor', preset?.buttonTextColor);
  if (background) vars['--color-background'] = background;
  if (heading) vars['--color-heading'] = heading;
  if (subheading) vars['--color-subheading'] = subheading;
  if (button) {
    const dark = (preset?.colorScheme ?? (background && luminance(background) < 0.2 ? 'dark' : 'light')) === 'dark';
    vars['--color-primary'] = button;
    vars['--color-primary-hover'] = shadeHex(button, dark ? 0.15 : -0.15);
    vars['--color-primary-foreground'] = buttonText ?? (luminance(button) > 0.45 ? '#0f172a' : '#ffffff');
  } else if (buttonText) vars['--color-primary-foreground'] = buttonText;
  if (style.font && APP_FONTS.includes(style.font)) vars['--font-sans'] = APP_FONT_STACKS[style.font];
  const image = style.backgroundImage && isStyleImageUrl(style.backgroundImage) ? style.backgroundImage : null;
  if (image) vars['--app-background-image'] = `url("${image}")`;
  else if (preset?.backgroundGradient) vars['--app-background-image'] = preset.backgroundGradient;
  return vars;
}

/**
 * The stylesheet the runtime adds after the app's own CSS: the theme variables on `:root` (outside
 * any cascade layer, so they win over the app's `@theme`), the colour scheme, and the page's
 * background picture. Empty for an empty style: the app keeps its own look.
 *
 * Apps generated before App branding existed never name `text-heading` nor read `useAppLook()`, and
 * their shell paints an opaque `bg-background` over the page. So the look also reaches them at the
 * root: headings take the header colour in the base layer (any colour class of the app still wins),
 * and with a background picture a full-height `bg-background` wrapper lets the picture through.
 */
export function themeCss(style: AppStyle): string {
  const vars = themeVariables(style);
  const names = Object.keys(vars);
  if (names.length === 0) return '';
  const preset = style.styleName ? STYLE_PRESETS[style.styleName] : null;
  const lines = names.map((name) => `${name}:${vars[name]}`);
  if (preset) lines.push(`color-scheme:${preset.colorScheme}`);
  let css = `:root{${lines.join(';')}}`;
  if (vars['--app-background-image'])
    css += `body{background-image:var(--app-background-image);background-size:cover;background-attachment:fixed;background-position:center}`;
  if (vars['--color-background']) css += `body{background-color:var(--color-background)}`;
  if (vars['--color-heading']) css += `@layer base{:where(h1,h2,h3){color:var(--color-heading)}}`;
  if (vars['--app-background-image']) css += `#root .min-h-screen.bg-background{background-color:transparent}`;
  if (vars['--font-sans']) css += `body{font-family:var(--font-sans)}`;
  return css;
}

/** What the runtime applies: the style and texts of the version shown, and whether the badge shows. */
export interface AppLook {
  style: AppStyle;
  texts: AppTexts;
  showWatermark: boolean;
}
export const EMPTY_LOOK: AppLook = { style: {}, texts: {}, showWatermark: true };
