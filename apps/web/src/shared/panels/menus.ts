import { type AppKind } from '@tessera/contracts/apps';
import { canEditAppSettings, type PlanId } from '@tessera/contracts/plans';

/** Every side-panel entry the editor knows (docs/product/editor-and-chat.md#screens-and-routes, docs/product/editor-and-chat.md#screens-and-routes "Builder side panels"). */
export type MenuEntryId =
  | 'tool-texts'
  | 'app-texts'
  | 'app-branding'
  | 'custom-fields'
  | 'results-layout'
  | 'call-to-action'
  | 'data-sources'
  | 'tool-settings'
  | 'app-settings'
  | 'app-tools'
  | 'app-chat'
  | 'app-details'
  | 'database'
  | 'code-editor';

export interface MenuEntry {
  id: MenuEntryId;
  label: string;
}

export interface MenuContext {
  kind: AppKind;
  isAdmin: boolean;
  plan: PlanId;
  /** A single-tool app that already has its tool (else "App texts" stands for "Tool texts"). */
  hasTool: boolean;
  /** The chat side panel shows only Data sources. */
  isChatPanel?: boolean;
  /** A custom label for Data sources (single tools with a custom source). */
  dataSourceLabel?: string;
}

/**
 * The side panel's menu for an app kind (docs/product/editor-and-chat.md#screens-and-routes table). Generated apps also list Database,
 * the panel the toolbar's Database button opens (docs/product/editor-and-chat.md#screens-and-routes).
 */
export function menuEntries(ctx: MenuContext): MenuEntry[] {
  const dataSources: MenuEntry = { id: 'data-sources', label: ctx.dataSourceLabel?.trim() || 'Data sources' };
  if (ctx.isChatPanel) return [dataSources];
  switch (ctx.kind) {
    case 'tool':
      return [
        ctx.hasTool ? { id: 'tool-texts', label: 'Tool texts' } : { id: 'app-texts', label: 'App texts' },
        { id: 'app-branding', label: 'App branding' },
        { id: 'custom-fields', label: 'Custom fields' },
        { id: 'results-layout', label: 'Results layout' },
        { id: 'call-to-action', label: 'Call to action' },
        dataSources,
        ctx.hasTool ? { id: 'tool-settings', label: 'Tool settings' } : { id: 'app-settings', label: 'App settings' },
      ];
    case 'space':
      return [
        { id: 'app-details', label: 'App details' },
        { id: 'database', label: 'Database' },
        { id: 'app-settings', label: 'App settings' },
        // The code editor of space apps is the admins' (docs/product/editor-and-chat.md#roles-and-permissions).
        ...(ctx.isAdmin ? [{ id: 'code-editor', label: 'Code editor' } as const] : []),
      ];
    case 'generated': {
      const entries: MenuEntry[] = [
        { id: 'app-texts', label: 'App texts' },
        { id: 'app-branding', label: 'App branding' },
        { id: 'app-tools', label: 'App tools' },
      ];
      if (ctx.isAdmin) entries.push({ id: 'app-chat', label: 'App chat' });
      if (canEditAppSettings({ kind: 'generated', plan: ctx.plan, isAdmin: ctx.isAdmin }))
        entries.push({ id: 'app-settings', label: 'App settings' });
      entries.push({ id: 'database', label: 'Database' });
      entries.push({ id: 'code-editor', label: 'Code editor' });
      return entries;
    }
  }
}
