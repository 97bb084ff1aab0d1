// Small helpers for writing generated code as template literals.
import { entityIdentifier } from '../app-model';
import { jsString } from '../text';

/** Lines of code joined by newlines; `false`, `null` and `undefined` (a condition that failed) are left out. */
export function lines(...parts: Array<string | false | null | undefined>): string {
  return parts.filter((p): p is string => typeof p === 'string').join('\n');
}

/** A JS array literal of strings. */
export const jsArray = (values: readonly string[]) => `[${values.map(jsString).join(', ')}]`;

/** `obj.key`, or `obj["odd key"]` when the key is not an identifier. */
export const access = (obj: string, key: string) =>
  /^[A-Za-z_$][\w$]*$/.test(key) ? `${obj}.${key}` : `${obj}[${jsString(key)}]`;

/** The import of an entity client, renamed when its name would shadow a global (`Event` -> `EventEntity`). */
export function entityImport(name: string): string {
  const id = entityIdentifier(name);
  return id === name
    ? `import { ${name} } from "@/entities/${name}";`
    : `import { ${name} as ${id} } from "@/entities/${name}";`;
}

/** The import of lucide icons, each once, sorted. */
export function lucideImport(icons: string[]): string {
  return `import { ${[...new Set(icons)].sort().join(', ')} } from "lucide-react";`;
}
