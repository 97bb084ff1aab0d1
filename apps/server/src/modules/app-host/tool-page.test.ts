import { describe, expect, it } from 'vitest';
import { toolPageBoot, type ToolPageSource } from './tool-page';

const source = (over: Partial<ToolPageSource> = {}, settings: Record<string, unknown> = {}): ToolPageSource => ({
  app: { id: 'a1', name: 'Acme', settings },
  kind: 'tool',
  definition: {
    name: 'Acme',
    tools: [{ toolId: 't1', title: 'Ask', path: 'Ask-Us', status: 'active', instructions: 'secret [input]' }],
    fields: [
      { label: 'E-mail', type: 'email', memorize: true },
      { label: 'Photo', type: 'photo', memorize: true },
      { label: 'Mood', type: 'select', options: [{ label: '' }, { label: 'Calm', iconUrl: '' }] },
    ],
  },
  style: {},
  ownerPlan: 'lite',
  builderUrl: 'http://localhost:3000',
  ...over,
});

describe('toolPageBoot', () => {
  it('remembers fields only while sign-up is on, and never a photo', () => {
    const off = toolPageBoot(source(), 'ask-us')!;
    expect(off.fields.map((f) => [f.name, f.memorize])).toEqual([
      ['input', false],
      ['e_mail', false],
      ['photo', false],
      ['mood', false],
    ]);
    const on = toolPageBoot(source({}, { isSignupEnabled: true }), 'ask-us')!;
    expect(on.isSignupEnabled).toBe(true);
    expect(on.fields.filter((f) => f.memorize).map((f) => f.type)).toEqual(['email']);
  });

  it('drops empty options, keeps icons only when given, and leaves the instructions out', () => {
    const boot = toolPageBoot(source(), 'ASK-US')!;
    expect(boot.fields.at(-1)!.options).toEqual([{ label: 'Calm', iconUrl: null }]);
    expect(JSON.stringify(boot)).not.toContain('secret');
  });

  it('hides the badge only when the style asks and the plan allows it; a bad style themes nothing', () => {
    expect(toolPageBoot(source({ style: { hideBuildAI: true } }), 'ask-us')!.showWatermark).toBe(true);
    expect(toolPageBoot(source({ style: { hideBuildAI: true }, ownerPlan: 'moon' }), 'ask-us')!.showWatermark).toBe(
      false,
    );
    expect(toolPageBoot(source({ style: { background: 'url(javascript:x)' } }), 'ask-us')!.style).toEqual({});
  });

  it("leads a single tool's home to its first active tool, never a generated app's", () => {
    expect(toolPageBoot(source(), null)!.tool.path).toBe('Ask-Us');
    expect(toolPageBoot(source({ kind: 'generated' }), null)).toBeNull();
  });

  it('reads settings with their defaults, and finds nothing for drafts or a broken definition', () => {
    const boot = toolPageBoot(source({}, { creditsPerRun: 0, userCanEditResults: true }), 'ask-us')!;
    expect([boot.creditsPerRun, boot.userCanEditResults]).toEqual([0, true]);
    expect(toolPageBoot(source(), 'ask-us')!.creditsPerRun).toBe(1);
    expect(toolPageBoot(source({ definition: { tools: 'nope' } }), 'ask-us')).toBeNull();
    expect(
      toolPageBoot(source({ definition: { tools: [{ toolId: 't', path: 'x', status: 'draft' }] } }), 'x'),
    ).toBeNull();
  });
});
