/**
 * An app's definition for its copy (a duplicate, or a copy of a template): every tool a draft (the
 * builder activates it within their plan's live tools), and each tool data item pointed at the copy
 * of its item (`itemIds`); a reference to an item the source no longer has is dropped.
 */
export function copiedDefinition(
  definition: Record<string, unknown>,
  itemIds: ReadonlyMap<string, string>,
): Record<string, unknown> {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value))
      return value.filter((v) => !isItemRef(v) || itemIds.has(String(v.contextItemId))).map(walk);
    if (!value || typeof value !== 'object') return value;
    const out = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]));
    if (isItemRef(value)) {
      out.contextItemId = itemIds.get(String(value.contextItemId));
      out.originalContextItemId = value.contextItemId;
    }
    return out;
  };
  const copied = walk(definition) as Record<string, unknown>;
  if (Array.isArray(copied.tools))
    copied.tools = copied.tools.map((t: unknown) =>
      t && typeof t === 'object' ? { ...(t as Record<string, unknown>), status: 'draft' } : t,
    );
  return copied;
}

const isItemRef = (v: unknown): v is { contextItemId: unknown } =>
  Boolean(v) && typeof v === 'object' && typeof (v as { contextItemId?: unknown }).contextItemId === 'string';
