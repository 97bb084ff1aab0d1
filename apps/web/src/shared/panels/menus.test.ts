import { describe, expect, it } from 'vitest';
import { menuEntries } from './menus';

const labels = (...args: Parameters<typeof menuEntries>) => menuEntries(...args).map((e) => e.label);

describe('menuEntries (docs/product/editor-and-chat.md#screens-and-routes)', () => {
  it('single tool', () => {
    expect(labels({ kind: 'tool', isAdmin: false, plan: 'lite', hasTool: true })).toEqual([
      'Tool texts',
      'App branding',
      'Custom fields',
      'Results layout',
      'Call to action',
      'Data sources',
      'Tool settings',
    ]);
    expect(labels({ kind: 'tool', isAdmin: false, plan: 'lite', hasTool: false, dataSourceLabel: 'Recipes' })).toEqual([
      'App texts',
      'App branding',
      'Custom fields',
      'Results layout',
      'Call to action',
      'Recipes',
      'App settings',
    ]);
  });
  it('generated app: App chat for admins, App settings for admins and MOON', () => {
    expect(labels({ kind: 'generated', isAdmin: false, plan: 'monetizer', hasTool: false })).toEqual([
      'App texts',
      'App branding',
      'App tools',
      'Database',
      'Code editor',
    ]);
    expect(labels({ kind: 'generated', isAdmin: false, plan: 'moon', hasTool: false })).toEqual([
      'App texts',
      'App branding',
      'App tools',
      'App settings',
      'Database',
      'Code editor',
    ]);
    expect(labels({ kind: 'generated', isAdmin: true, plan: 'lite', hasTool: false })).toEqual([
      'App texts',
      'App branding',
      'App tools',
      'App chat',
      'App settings',
      'Database',
      'Code editor',
    ]);
  });
  it('space app (Code editor for admins) and chat panel', () => {
    expect(labels({ kind: 'space', isAdmin: false, plan: 'lite', hasTool: false })).toEqual([
      'App details',
      'Database',
      'App settings',
    ]);
    expect(labels({ kind: 'space', isAdmin: true, plan: 'lite', hasTool: false })).toEqual([
      'App details',
      'Database',
      'App settings',
      'Code editor',
    ]);
    expect(labels({ kind: 'generated', isAdmin: true, plan: 'moon', hasTool: false, isChatPanel: true })).toEqual([
      'Data sources',
    ]);
  });
});
