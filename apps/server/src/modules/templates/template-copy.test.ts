import { describe, expect, it } from 'vitest';
import { copiedDefinition, copiedSettings, firstToolId, hasActiveTool } from './template-copy';

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

describe('copiedDefinition', () => {
  it("points tools' data items at the copies, drops unknown ones and makes every tool a draft", () => {
    const definition = {
      pages: { Home: 'x' },
      tools: [
        {
          toolId: 't1',
          status: 'active',
          dataItems: [
            { contextItemId: 'a', type: 'txt' },
            { contextItemId: 'gone', type: 'csv' },
          ],
        },
        { toolId: 't2', status: 'draft', dataItems: [] },
      ],
    };
    const copied = copiedDefinition(definition, new Map([['a', 'a2']]));
    expect(copied).toEqual({
      pages: { Home: 'x' },
      tools: [
        {
          toolId: 't1',
          status: 'draft',
          dataItems: [{ contextItemId: 'a2', originalContextItemId: 'a', type: 'txt' }],
        },
        { toolId: 't2', status: 'draft', dataItems: [] },
      ],
    });
    expect(definition.tools[0]!.status).toBe('active');
    expect(hasActiveTool(definition)).toBe(true);
    expect(hasActiveTool(copied)).toBe(false);
    expect(hasActiveTool({})).toBe(false);
    expect(firstToolId(copied)).toBe('t1');
    expect(firstToolId({ pages: {} })).toBeNull();
  });
});
