import { Switch, cn } from '@tessera/ui';

export interface ActivationSwitchProps {
  title: string;
  isActive: boolean;
  /** The live-tool limit is reached: the switch is off-limits and a click opens the upgrade prompt. */
  isAtLimit: boolean;
  isPending: boolean;
  onToggle: (isActive: boolean) => void;
  onUpgrade: () => void;
  showLabel?: boolean;
}

/** A tool's live switch (docs/product/tools.md#states-and-transitions): draft to active and back. */
export function ActivationSwitch({
  title,
  isActive,
  isAtLimit,
  isPending,
  onToggle,
  onUpgrade,
  showLabel,
}: ActivationSwitchProps) {
  const isBlocked = !isActive && isAtLimit;
  return (
    <span
      className={cn('inline-flex items-center gap-2', isBlocked && 'cursor-pointer')}
      onClick={isBlocked ? onUpgrade : undefined}
      title={isBlocked ? 'Your plan’s live tools are all in use' : undefined}
    >
      {showLabel && (
        <span className={cn('text-sm font-medium', isActive ? 'text-emerald-700' : 'text-ink-subtle')}>
          {isActive ? 'Live' : 'Draft'}
        </span>
      )}
      <Switch
        checked={isActive}
        disabled={isBlocked || isPending}
        onCheckedChange={onToggle}
        aria-label={`${title || 'Tool'} is live`}
        className={cn(isBlocked && 'pointer-events-none')}
      />
    </span>
  );
}
