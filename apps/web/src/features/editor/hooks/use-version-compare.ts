import { useState } from 'react';
import { useVersionChanges, useVersions } from '../api/editor';
import { previousListedId } from '../lib/version-compare';

/**
 * The two versions All Changes compares and what changed between them. Until the builder picks
 * one, the target is `versionId` (the version on screen) and the base the version before it: no
 * base goes to the server then, which diffs against that version itself.
 */
export function useVersionCompare(appId: string, versionId: string | null) {
  const versions = useVersions(appId);
  const [picked, setPicked] = useState<{ base?: string; target?: string }>({});
  const listed = versions.data ?? [];
  const targetId = picked.target ?? versionId;
  const changes = useVersionChanges(appId, targetId, picked.base ?? null, true);
  return {
    versions: listed,
    targetId,
    /** The base on screen: the one picked, else the version before the target when it is listed. */
    baseId: picked.base ?? previousListedId(listed, targetId),
    /** `null` goes back to the version before the target. */
    setBase: (base: string | null) => setPicked((p) => ({ ...p, base: base ?? undefined })),
    setTarget: (target: string) => setPicked((p) => ({ ...p, target })),
    changes,
  };
}
