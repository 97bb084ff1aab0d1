import { describe, expect, it } from 'vitest';
import {
  canHideWatermark,
  parseAppStyle,
  parseAppTexts,
  showsWatermark,
  STYLE_PRESETS,
  THEME_COLOR_NAMES,
  themeCss,
  themeVariables,
} from './app-style';

describe('parseAppStyle', () => {
  it('keeps a whole style, normalising colours and dropping empty fields', () => {
    const parsed = parseAppStyle({
      styleName: 'dark',
      background: '#ABC',
      buttonBackgroundColor: '#112233',
      logoUrl: '/files/0f8fad5b-d9cb-469f-a165-70867728950e.png',
      faviconUrl: 'https://cdn.example.com/icon.png',
      font: 'serif',
      hideBuildAI: true,
      headerTextColor: '',
      subheaderTextColor: null,
    });
    expect(parsed).toEqual({
      ok: true,
      value: {
        styleName: 'dark',
        background: '#aabbcc',
        buttonBackgroundColor: '#112233',
        logoUrl: '/files/0f8fad5b-d9cb-469f-a165-70867728950e.png',
        faviconUrl: 'https://cdn.example.com/icon.png',
        font: 'serif',
        hideBuildAI: true,
      },
    });
  });

  it.each([
    [{ styleName: 'neon' }, 'Style must be one of dark, colorful, light'],
    [{ background: 'red' }, 'Background colour must be a colour such as #1f2937'],
    [{ buttonTextColor: '#12345g' }, 'Button text colour must be a colour such as #1f2937'],
    [{ logoUrl: 'javascript:alert(1)' }, 'Logo must be an uploaded image or an https:// address'],
    [
      { backgroundImage: 'https://x.test/a.png) , url(https://evil' },
      'Background image must be an uploaded image or an https:// address',
    ],
    [{ faviconUrl: 'http://example.com/i.png' }, 'Favicon must be an uploaded image or an https:// address'],
    [{ font: 'comic' }, 'Font must be one of inter, system, serif, rounded, mono'],
    [{ hideBuildAI: 'yes' }, 'Hide the Built with Tessera badge must be true or false'],
    [{ colour: '#fff' }, '"colour" is not a style field'],
    [JSON.parse('{"__proto__":{"x":1}}'), '"__proto__" is not a style field'],
    [{ 'a\0b': 1 }, '"ab" is not a style field'],
    [[], 'The style must be an object'],
  ])('refuses %j', (raw, error) => {
    const parsed = parseAppStyle(raw);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toBe(error);
  });
});

describe('parseAppTexts', () => {
  it('trims and drops empty texts', () => {
    expect(parseAppTexts({ header: '  Book club ', description: '', welcomeMessage: null })).toEqual({
      ok: true,
      value: { header: 'Book club' },
    });
  });
  it.each([
    [{ header: 'x'.repeat(101) }, 'Header: 100 characters max'],
    [{ welcomeMessage: 'a\0b' }, 'Welcome message contains a character that is not allowed'],
    [{ description: 5 }, 'Description must be text'],
    [{ toString: 'x' }, '"toString" is not an app text'],
  ])('refuses %j', (raw, error) => {
    const parsed = parseAppTexts(raw);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toBe(error);
  });
});

describe('watermark', () => {
  it('only monetizer and moon may hide it, where it is hidden unless switched back on', () => {
    expect(['lite', 'explorer', 'monetizer', 'moon'].map((p) => canHideWatermark(p as never))).toEqual([
      false,
      false,
      true,
      true,
    ]);
    expect(showsWatermark({ hideBuildAI: true }, 'lite')).toBe(true);
    expect(showsWatermark({}, 'explorer')).toBe(true);
    expect(showsWatermark({ hideBuildAI: true }, 'moon')).toBe(false);
    // Hidden by default on the plans that allow it; the builder may show it again.
    expect(showsWatermark({}, 'monetizer')).toBe(false);
    expect(showsWatermark({ hideBuildAI: false }, 'moon')).toBe(true);
  });
});

describe('themeVariables', () => {
  it('sets exactly the theme colours the system prompt names', () => {
    const colours = Object.keys(themeVariables({ styleName: 'dark' })).filter((k) => k.startsWith('--color-'));
    expect(colours.sort()).toEqual(THEME_COLOR_NAMES.map((n) => `--color-${n}`).sort());
  });

  it('a preset sets the whole palette', () => {
    const vars = themeVariables({ styleName: 'dark' });
    const dark = STYLE_PRESETS.dark;
    expect(vars).toMatchObject({
      '--color-background': dark.background,
      '--color-surface': dark.surface,
      '--color-foreground': dark.foreground,
      '--color-heading': dark.headerTextColor,
      '--color-subheading': dark.subheaderTextColor,
      '--color-primary': dark.buttonBackgroundColor,
      '--color-primary-foreground': dark.buttonTextColor,
    });
    // On a dark page the hover colour is lighter than the button.
    expect(vars['--color-primary-hover']).toBe('#7a7df3');
  });

  it('colour fields override the preset, and the colorful preset draws its gradient', () => {
    const vars = themeVariables({
      styleName: 'colorful',
      buttonBackgroundColor: '#ffcc00',
      headerTextColor: '#010203',
    });
    expect(vars['--color-primary']).toBe('#ffcc00');
    // A light button gets dark text unless the style names one.
    expect(vars['--color-primary-foreground']).toBe('#ffffff');
    expect(vars['--color-heading']).toBe('#010203');
    expect(vars['--app-background-image']).toContain('linear-gradient');
    expect(themeVariables({ buttonBackgroundColor: '#ffcc00' })['--color-primary-foreground']).toBe('#0f172a');
  });

  it('a style without a preset sets only what it names', () => {
    expect(themeVariables({ headerTextColor: '#ff0000', font: 'mono' })).toEqual({
      '--color-heading': '#ff0000',
      '--font-sans': expect.stringContaining('monospace'),
    });
    expect(themeVariables({})).toEqual({});
    expect(themeCss({})).toBe('');
  });

  it('the stylesheet puts the variables on :root and the picture on the body', () => {
    const css = themeCss({ styleName: 'light', backgroundImage: 'https://img.example.com/b.jpg' });
    expect(css).toContain(':root{--color-background:#f8fafc;');
    expect(css).toContain('color-scheme:light');
    expect(css).toContain('--app-background-image:url("https://img.example.com/b.jpg")');
    expect(css).toContain('body{background-image:var(--app-background-image)');
  });

  it('reaches apps whose code predates App branding: headings in the base layer, the picture through their shell', () => {
    const css = themeCss({ headerTextColor: '#123456', backgroundImage: 'https://img.example.com/b.jpg' });
    // In the base layer, so a colour class of the app (a utility) still wins.
    expect(css).toContain('@layer base{:where(h1,h2,h3){color:var(--color-heading)}}');
    expect(css).toContain('#root .min-h-screen.bg-background{background-color:transparent}');
    // Nothing of the kind when the builder set neither.
    const plain = themeCss({ buttonBackgroundColor: '#123456' });
    expect(plain).not.toContain('h1');
    expect(plain).not.toContain('bg-background');
  });

  it('ignores values that did not pass the checks', () => {
    expect(themeVariables({ background: 'red;}body{x', backgroundImage: 'javascript:x' } as never)).toEqual({});
  });
});
