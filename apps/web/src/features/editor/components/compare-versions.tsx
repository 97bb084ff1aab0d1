import { useId } from 'react';
import type { VersionEntry } from '@tessera/contracts/chat';
import { Select } from '@tessera/ui';
import { ArrowRight } from 'lucide-react';
import { compareOptionLabel } from '../lib/version-compare';

export interface CompareVersionsProps {
  /** Newest first, as the versions API lists them. */
  versions: VersionEntry[];
  baseId: string | null;
  targetId: string | null;
  /** `null`: the version before the target. */
  onBase: (id: string | null) => void;
  onTarget: (id: string) => void;
}

/** All Changes' "Compare" control: a base and a target version, any two of the listed ones. */
export function CompareVersions({ versions, baseId, targetId, onBase, onTarget }: CompareVersionsProps) {
  const id = useId();
  const now = Date.now();
  const options = versions.map((v) => (
    <option key={v.id} value={v.id}>
      {compareOptionLabel(v, now)}
    </option>
  ));
  return (
    <div
      role="group"
      aria-labelledby={`${id}-compare`}
      className="mb-4 flex flex-col gap-2 rounded-lg border border-line bg-surface-muted/60 p-3 sm:flex-row sm:items-end"
    >
      <span id={`${id}-compare`} className="text-sm font-medium text-ink sm:self-center">
        Compare
      </span>
      <label className="flex min-w-0 flex-1 flex-col gap-1 text-xs text-ink-subtle">
        Base version
        <Select controlSize="sm" value={baseId ?? ''} onChange={(e) => onBase(e.target.value || null)}>
          {/* The target's predecessor is not listed (it is older than the list): the server still knows it. */}
          {baseId === null && <option value="">The version before it</option>}
          {options}
        </Select>
      </label>
      <ArrowRight className="hidden size-4 shrink-0 text-ink-faint sm:mb-2 sm:block" aria-hidden />
      <label className="flex min-w-0 flex-1 flex-col gap-1 text-xs text-ink-subtle">
        Target version
        <Select controlSize="sm" value={targetId ?? ''} onChange={(e) => onTarget(e.target.value)}>
          {options}
        </Select>
      </label>
    </div>
  );
}
