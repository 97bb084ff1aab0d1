import {
  STYLE_PRESETS,
  isHexColor,
  isStyleImageUrl,
  normalizeHexColor,
  type AppStyle,
  type StyleColorField,
} from '@tessera/contracts';

/** The concrete colours the preview paints with. */
export interface PreviewTheme {
  background: string;
  /** A CSS background-image value: the builder's picture, or the preset's gradient. */
  backgroundImage: string | null;
  text: string;
  muted: string;
  card: string;
  cardLine: string;
  header: string;
  subheader: string;
  buttonBackground: string;
  buttonText: string;
  font: string | undefined;
}

/**
 * The preview's colours (docs/product/tools.md#screens-and-routes): the preset's palette (light when
 * none is chosen), with each colour the builder set over its part; a colour that is not a valid hex
 * yet (mid-typing) keeps the preset's.
 */
export function previewTheme(style: AppStyle): PreviewTheme {
  const preset = STYLE_PRESETS[style.styleName ?? 'light'] ?? STYLE_PRESETS.light;
  const pick = (field: StyleColorField, fallback: string) => {
    const value = style[field];
    return value && isHexColor(value) ? normalizeHexColor(value) : fallback;
  };
  const image = style.backgroundImage && isStyleImageUrl(style.backgroundImage) ? style.backgroundImage : null;
  return {
    background: pick('background', preset.background),
    backgroundImage: image ? `url("${image}")` : preset.backgroundGradient,
    text: preset.foreground,
    muted: preset.mutedForeground,
    card: preset.surface,
    cardLine: preset.border,
    header: pick('headerTextColor', preset.headerTextColor),
    subheader: pick('subheaderTextColor', preset.subheaderTextColor),
    buttonBackground: pick('buttonBackgroundColor', preset.buttonBackgroundColor),
    buttonText: pick('buttonTextColor', preset.buttonTextColor),
    font: undefined,
  };
}
