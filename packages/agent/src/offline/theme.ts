// The look of a generated app: one primary colour plus a light or dark surface set, written as the
// Tailwind v4 `@theme` block of globals.css. Pages only use the semantic colour names below, so a
// theme change is an edit of globals.css alone.

/** Named primary colours (Tailwind's 600 shades, readable with white text). */
export const PALETTES: Record<string, string> = {
  indigo: '#4f46e5',
  blue: '#2563eb',
  sky: '#0284c7',
  cyan: '#0891b2',
  teal: '#0d9488',
  emerald: '#059669',
  green: '#16a34a',
  lime: '#65a30d',
  yellow: '#ca8a04',
  amber: '#d97706',
  orange: '#ea580c',
  red: '#dc2626',
  rose: '#e11d48',
  pink: '#db2777',
  fuchsia: '#c026d3',
  purple: '#9333ea',
  violet: '#7c3aed',
  slate: '#475569',
  gray: '#4b5563',
  brown: '#92400e',
  black: '#18181b',
};
const ALIASES: Record<string, string> = {
  grey: 'gray',
  navy: 'blue',
  turquoise: 'teal',
  mint: 'emerald',
  gold: 'amber',
  magenta: 'fuchsia',
  lavender: 'violet',
  coral: 'orange',
  crimson: 'red',
  olive: 'lime',
  forest: 'green',
  charcoal: 'slate',
  chocolate: 'brown',
  coffee: 'brown',
  aqua: 'cyan',
  ruby: 'red',
  lilac: 'violet',
};

export type ThemeMode = 'light' | 'dark';
export interface Theme {
  primary: string;
  mode: ThemeMode;
}

const SURFACES: Record<ThemeMode, Record<string, string>> = {
  light: {
    background: '#f8fafc',
    surface: '#ffffff',
    foreground: '#0f172a',
    muted: '#f1f5f9',
    'muted-foreground': '#64748b',
    border: '#e2e8f0',
  },
  dark: {
    background: '#0b1120',
    surface: '#111827',
    foreground: '#f1f5f9',
    muted: '#1f2937',
    'muted-foreground': '#94a3b8',
    border: '#273244',
  },
};

/** The palette name for a colour word (`green`, `grey`, `navy`), or null. */
export function paletteOf(word: string): string | null {
  const w = word.toLowerCase();
  if (PALETTES[w]) return w;
  return ALIASES[w] ?? null;
}

/** Every colour word the builder understands, for matching requests. */
export const COLOR_WORDS = [...Object.keys(PALETTES), ...Object.keys(ALIASES)];

function parseHex(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const full =
    h.length === 3
      ? h
          .split('')
          .map((c) => c + c)
          .join('')
      : h;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}
const toHex = (rgb: number[]) =>
  '#' +
  rgb
    .map((c) =>
      Math.round(Math.max(0, Math.min(255, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('');

/** Mixes a colour with black (amount < 0) or white (amount > 0). */
export function shade(hex: string, amount: number): string {
  const rgb = parseHex(hex);
  const target = amount < 0 ? 0 : 255;
  return toHex(rgb.map((c) => c + (target - c) * Math.abs(amount)));
}

/** Relative luminance (0 black .. 1 white). */
export function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Normalises `#F60` / `ff6600` to `#ff6600`; null when it is not a hex colour. */
export function normalizeHex(text: string): string | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(text.trim());
  if (!m) return null;
  const h = m[1]!.toLowerCase();
  return (
    '#' +
    (h.length === 3
      ? h
          .split('')
          .map((c) => c + c)
          .join('')
      : h)
  );
}

/** The `@theme` block for a theme. */
export function themeBlock(theme: Theme): string {
  const primary = theme.primary;
  const onPrimary = luminance(primary) > 0.45 ? '#0f172a' : '#ffffff';
  const hover = theme.mode === 'dark' ? shade(primary, 0.15) : shade(primary, -0.15);
  const vars: Array<[string, string]> = [
    ['primary', primary],
    ['primary-hover', hover],
    ['primary-foreground', onPrimary],
    ...Object.entries(SURFACES[theme.mode]),
    // Titles and the line under them: the App branding's header and subheader colours.
    ['heading', SURFACES[theme.mode].foreground!],
    ['subheading', SURFACES[theme.mode]['muted-foreground']!],
    ['danger', theme.mode === 'dark' ? '#f87171' : '#dc2626'],
    ['success', theme.mode === 'dark' ? '#4ade80' : '#16a34a'],
  ];
  const lines = vars.map(([name, value]) => `  --color-${name}: ${value};`);
  lines.push(`  --font-sans: "Inter", ui-sans-serif, system-ui, -apple-system, "Segoe UI", sans-serif;`);
  return `@theme {\n${lines.join('\n')}\n}`;
}

/** The whole globals.css of a generated app. */
export function renderGlobalsCss(theme: Theme): string {
  return `@import "tailwindcss";

/* Colours used by every page: change them here to restyle the whole app. */
${themeBlock(theme)}

html {
  color-scheme: ${theme.mode};
}

body {
  margin: 0;
  background-color: var(--color-background);
  color: var(--color-foreground);
  font-family: var(--font-sans);
  -webkit-font-smoothing: antialiased;
}
`;
}

/** Reads the theme back from a globals.css (defaults for whatever is missing). */
export function readTheme(css: string | undefined): Theme {
  const primary = normalizeHex(/--color-primary:\s*([^;]+);/.exec(css ?? '')?.[1] ?? '') ?? PALETTES.indigo!;
  const background = normalizeHex(/--color-background:\s*([^;]+);/.exec(css ?? '')?.[1] ?? '');
  const mode: ThemeMode = background && luminance(background) < 0.2 ? 'dark' : 'light';
  return { primary, mode };
}

/** The palette name of a hex colour if it is one of ours (for prose), else the hex itself. */
export function describeColor(hex: string): string {
  const name = Object.entries(PALETTES).find(([, value]) => value === hex)?.[0];
  return name ?? hex;
}
