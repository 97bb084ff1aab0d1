import { describe, expect, it } from 'vitest';
import { copiedSettings, firstToolId, hasActiveTool } from './template-copy';

describe('copiedSettings', () => {
  it('keeps the app settings but not the template flags, secrets, memberships or claim invitation', () => {
    const settings = {
      aiModel: 'openai/gpt',
      creditsPerRun: 2,
      isSignupEnabled: true,
      supportEmail: 'help@example.com',
      isAppTemplate: true,
      isToolTemplate: false,
      templateCategory: 'Shops',
      templateImageUrl: 'https://img.example/a.png',
      templateDescription: 'A shop',
      isProTool: true,
      gumroadAccessToken: { sealed: 'x' },
      stripeSecretKey: { sealed: 'y' },
      stripeWebhookSecret: { sealed: 'z' },
      isPaidMembershipsEnabled: true,
      paidMembershipsProduct: { id: 'p' },
      paidMembershipsSettings: { isSetupCompleted: true },
      isClaimable: true,
    };
    expect(copiedSettings(settings)).toEqual({
      aiModel: 'openai/gpt',
      creditsPerRun: 2,
      isSignupEnabled: false,
      supportEmail: 'help@example.com',
    });
    expect(copiedSettings({})).toEqual({});
  });
});

describe('hasActiveTool and firstToolId', () => {
  it('tell whether a single tool is out, and which tool its copy opens', () => {
    const definition = {
      tools: [
        { toolId: 't1', status: 'draft' },
        { toolId: 't2', status: 'active' },
      ],
    };
    expect(hasActiveTool(definition)).toBe(true);
    expect(hasActiveTool({ tools: [{ toolId: 't1', status: 'draft' }] })).toBe(false);
    expect(hasActiveTool({})).toBe(false);
    expect(firstToolId(definition)).toBe('t1');
    expect(firstToolId({ pages: {} })).toBeNull();
  });
});
