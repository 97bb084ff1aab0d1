import { describe, expect, it } from 'vitest';
import { parseParentMessage } from './frame';

describe('look_changed', () => {
  it('carries a checked style and texts', () => {
    expect(
      parseParentMessage({
        type: 'look_changed',
        look: { style: { styleName: 'dark', background: '#ABC' }, texts: { header: ' Club ' }, showWatermark: false },
      }),
    ).toEqual({
      type: 'look_changed',
      look: { style: { styleName: 'dark', background: '#aabbcc' }, texts: { header: 'Club' }, showWatermark: false },
    });
  });

  it.each([
    { style: { background: 'red;}body{display:none' }, texts: {}, showWatermark: true },
    { style: { logoUrl: 'javascript:alert(1)' }, texts: {}, showWatermark: true },
    { style: {}, texts: { header: 'x'.repeat(101) }, showWatermark: true },
    { style: {}, texts: {}, showWatermark: 'no' },
    { style: JSON.parse('{"__proto__":{"styleName":"dark"}}'), texts: {}, showWatermark: true },
    null,
  ])('drops a look that fails the checks: %j', (look) => {
    expect(parseParentMessage({ type: 'look_changed', look })).toBeNull();
  });
});
