import type { VersionEntry } from '@tessera/contracts/chat';
import { formatRelativeTime } from '../../../shared/time';

/** How much of a version's description a compare option shows. */
export const COMPARE_DESCRIPTION_MAX = 48;

/**
 * The version listed right after `targetId` (the list is newest first): the one before it, which
 * the server also diffs against when no base is given. Null when the target or its predecessor is
 * not in the list (the list holds the newest versions only).
 */
export function previousListedId(versions: readonly VersionEntry[], targetId: string | null): string | null {
  const at = versions.findIndex((v) => v.id === targetId);
  return at < 0 ? null : (versions[at + 1]?.id ?? null);
}

/** "Version 3 · Add a priority field · 5 minutes ago": number, description (shortened) and age. */
export function compareOptionLabel(version: VersionEntry, now = Date.now()): string {
  const description = (version.content || version.userRequest || '').replace(/\s+/g, ' ').trim();
  const short =
    description.length > COMPARE_DESCRIPTION_MAX
      ? `${description.slice(0, COMPARE_DESCRIPTION_MAX - 1).trimEnd()}…`
      : description;
  return [`Version ${version.number}`, short, formatRelativeTime(version.timestamp, now)].filter(Boolean).join(' · ');
}
