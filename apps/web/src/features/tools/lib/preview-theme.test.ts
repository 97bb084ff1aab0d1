import { describe, expect, it } from 'vitest';
import { STYLE_PRESETS } from '@tessera/contracts';
import { previewTheme } from './preview-theme';

describe('previewTheme', () => {
  it('paints an unset style with the light preset', () => {
    const theme = previewTheme({});
    expect(theme.background).toBe(STYLE_PRESETS.light.background);
    expect(theme.buttonBackground).toBe(STYLE_PRESETS.light.buttonBackgroundColor);
    expect(theme.backgroundImage).toBeNull();
  });

  it("puts the builder's whole colours over the preset and ignores half-typed ones", () => {
    const theme = previewTheme({ styleName: 'dark', buttonBackgroundColor: '#F73', headerTextColor: '#12' });
    expect(theme.buttonBackground).toBe('#ff7733');
    expect(theme.header).toBe(STYLE_PRESETS.dark.headerTextColor);
    expect(theme.card).toBe(STYLE_PRESETS.dark.surface);
  });

  it('uses a safe background image, else the preset’s gradient', () => {
    expect(previewTheme({ styleName: 'colorful' }).backgroundImage).toBe(STYLE_PRESETS.colorful.backgroundGradient);
    expect(previewTheme({ backgroundImage: 'https://cdn.example.com/bg.png' }).backgroundImage).toBe(
      'url("https://cdn.example.com/bg.png")',
    );
    expect(previewTheme({ backgroundImage: 'javascript:alert(1)' }).backgroundImage).toBeNull();
    expect(previewTheme({ backgroundImage: 'https://x.test/a.png");background:red' }).backgroundImage).toBeNull();
  });
});
