import { cn } from './cn';

export interface AvatarProps {
  /** A name or e-mail; its initials are shown. */
  name: string;
  size?: number;
  className?: string;
}

function initialsOf(name: string): string {
  const base = name.includes('@') ? name.split('@')[0]! : name;
  const words = base.split(/[\s._-]+/).filter(Boolean);
  const letters = words.length > 1 ? words[0]![0]! + words[1]![0]! : base.slice(0, 2);
  return letters.toUpperCase() || '?';
}

/** A round initials avatar in the accent tint. */
export function Avatar({ name, size = 32, className }: AvatarProps) {
  return (
    <span
      aria-hidden
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-700 ring-1 ring-brand-200',
        className,
      )}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.38) }}
    >
      {initialsOf(name)}
    </span>
  );
}
