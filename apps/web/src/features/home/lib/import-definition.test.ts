import { describe, expect, it } from 'vitest';
import { parseAppDefinition } from './import-definition';

describe('parseAppDefinition', () => {
  it('wraps a bare genApp object', () => {
    const parsed = parseAppDefinition('{"name":"Tasks","entities":{}}');
    expect(parsed).toEqual({
      ok: true,
      request: { appType: 'generated', appBuilderVersion: 4, genApp: { name: 'Tasks', entities: {} } },
    });
  });

  it('keeps a whole payload but drops its appId', () => {
    const parsed = parseAppDefinition('{"appType":"generated","appId":"a1","genApp":{"name":"X"}}');
    expect(parsed).toEqual({
      ok: true,
      request: { appType: 'generated', appBuilderVersion: 4, genApp: { name: 'X' } },
    });
  });

  it('explains bad input', () => {
    expect(parseAppDefinition('  ')).toMatchObject({ ok: false });
    expect(parseAppDefinition('{oops')).toMatchObject({ ok: false, error: expect.stringMatching(/^Invalid JSON: /) });
    expect(parseAppDefinition('[1]')).toEqual({ ok: false, error: 'The definition must be a JSON object' });
    expect(parseAppDefinition('{"pages":{}}')).toMatchObject({ ok: false, error: expect.stringContaining('"name"') });
  });
});
