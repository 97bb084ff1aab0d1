/** Joins class names, skipping falsy ones; later classes are appended, not merged. */
export function cn(...parts: Array<string | false | null | undefined>): string {
  return parts.filter(Boolean).join(' ');
}
