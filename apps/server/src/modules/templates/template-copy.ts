import { TEMPLATE_SETTING_KEYS } from '@tessera/contracts/templates';
import { SETTINGS_SECRET_FIELDS } from '../apps/settings-secrets';

/**
 * Settings that stay with the template (docs/product/templates.md#what-a-copy-gets): its template
 * flags, every payment provider secret (Gumroad token, Stripe secret key and signing secret, sealed
 * for the template's app alone) and paid memberships (the owner's product), and the claim
 * invitation. Sign-up starts off (it needs the copy published).
 */
const KEPT_BY_TEMPLATE = new Set<string>([
  ...TEMPLATE_SETTING_KEYS,
  ...SETTINGS_SECRET_FIELDS,
  'isPaidMembershipsEnabled',
  'paidMembershipsProduct',
  'paidMembershipsSettings',
  'isClaimable',
]);

/** The template's settings as its copy starts with them. */
export function copiedSettings(settings: Record<string, unknown>): Record<string, unknown> {
  const copied = Object.fromEntries(Object.entries(settings).filter(([key]) => !KEPT_BY_TEMPLATE.has(key)));
  return settings.isSignupEnabled === true ? { ...copied, isSignupEnabled: false } : copied;
}

/** A single tool is out once one of its tools is active. */
export function hasActiveTool(definition: Record<string, unknown>): boolean {
  const tools = definition.tools;
  return Array.isArray(tools) && tools.some((t: unknown) => (t as { status?: unknown } | null)?.status === 'active');
}

/** The id of the definition's first tool, if it has one. */
export function firstToolId(definition: Record<string, unknown>): string | null {
  const [first] = Array.isArray(definition.tools) ? definition.tools : [];
  const id = (first as { toolId?: unknown } | null | undefined)?.toolId;
  return typeof id === 'string' ? id : null;
}
