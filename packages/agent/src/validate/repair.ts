import type { AppSnapshot } from '../snapshot';
import { installedExports } from './modules';
import { pageNameOf } from './validate';

/** A file changed by `repairSnapshot` and how many problems it fixed there (docs/product/editor-and-chat.md#data repairedFiles). */
export interface RepairedFile {
  fileId: string;
  issuesFixed: number;
}

export interface RepairResult {
  snapshot: AppSnapshot;
  repairedFiles: RepairedFile[];
}

const LUCIDE_IMPORT = /import\s*\{([^}]*)\}\s*from\s*(['"])lucide-react\2/g;
// Base44-style module paths models carry over from apps they were trained on.
const API_ENTITIES_IMPORT = /import\s*\{([^}]*)\}\s*from\s*(['"])@\/api\/entities\2;?/g;
const API_INTEGRATIONS_IMPORT = /import\s*\{([^}]*)\}\s*from\s*(['"])@\/(?:api\/)?integrations\2;?/g;
const CORE_NAMES = new Set(['UploadFile', 'InvokeLLM']);
/** Shown for an icon name that exists nowhere near lucide's names. */
const FALLBACK_ICON = 'Circle';

function distance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 3) return 99;
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const next = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = row[j]!;
      row[j] = next;
    }
  }
  return row[b.length]!;
}

/** The real lucide icon a made-up name most likely meant (`TrashIcon` -> `Trash`, `Pencil2` -> `Pencil`). */
export function closestIcon(name: string, icons: ReadonlySet<string>): string {
  const bare = name.replace(/^Lucide/, '').replace(/Icon$/, '');
  if (icons.has(bare)) return bare;
  const lower = bare.toLowerCase();
  let best = FALLBACK_ICON;
  let bestScore = 3;
  for (const icon of icons) {
    if (icon.endsWith('Icon') || icon.startsWith('Lucide')) continue;
    if (icon.toLowerCase() === lower) return icon;
    const score = distance(lower, icon.toLowerCase());
    if (score < bestScore) {
      best = icon;
      bestScore = score;
    }
  }
  return best;
}

/**
 * Fixes, without a model, the mistakes that have one obvious fix: lucide-react icons that do not
 * exist (imported as the closest real icon under the name the code uses, so no other line changes),
 * Base44-style `@/api/entities` / `@/api/integrations` imports of real entities and integrations,
 * and an app.json mainPage that names a page in the wrong case. Everything else is left for the
 * model; run `validateSnapshot` again afterwards.
 */
export async function repairSnapshot(snapshot: AppSnapshot): Promise<RepairResult> {
  const files = { ...snapshot.files };
  const repaired = new Map<string, number>();
  const count = (file: string, n: number) => n && repaired.set(file, (repaired.get(file) ?? 0) + n);

  const needsIcons = Object.entries(files).some(
    ([path, text]) => /\.(jsx|js|tsx|ts)$/.test(path) && text.includes('lucide-react'),
  );
  const icons = needsIcons ? (await installedExports()).get('lucide-react')! : new Set<string>();
  for (const [path, text] of Object.entries(files)) {
    if (!needsIcons || !/\.(jsx|js|tsx|ts)$/.test(path) || !text.includes('lucide-react')) continue;
    let fixed = 0;
    const next = text.replace(LUCIDE_IMPORT, (whole, list: string, quote: string) => {
      const specs = list.split(',').map((s) => s.trim());
      let changed = false;
      const out = specs.map((spec) => {
        if (!spec) return spec;
        const [imported, local] = spec.split(/\s+as\s+/).map((s) => s.trim()) as [string, string | undefined];
        if (icons.has(imported) || imported.startsWith('type ')) return spec;
        changed = true;
        fixed++;
        return `${closestIcon(imported, icons)} as ${local ?? imported}`;
      });
      return changed ? `import { ${out.filter(Boolean).join(', ')} } from ${quote}lucide-react${quote}` : whole;
    });
    if (fixed) {
      files[path] = next;
      count(path, fixed);
    }
  }

  const entityNames = new Set([...Object.keys(snapshot.entities), 'User']);
  for (const [path, text] of Object.entries(files)) {
    if (!/\.(jsx|js|tsx|ts)$/.test(path) || !text.includes('@/')) continue;
    let fixed = 0;
    let next = text.replace(API_ENTITIES_IMPORT, (whole, list: string, quote: string) => {
      const specs = list
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean);
      const parts = specs.map((spec) => spec.split(/\s+as\s+/).map((x) => x.trim()) as [string, string | undefined]);
      // Only when every name is a real entity: anything else is for the model to sort out.
      if (!parts.every(([name]) => entityNames.has(name))) return whole;
      fixed++;
      return parts
        .map(
          ([name, local]) =>
            `import { ${local ? `${name} as ${local}` : name} } from ${quote}@/entities/${name}${quote};`,
        )
        .join('\n');
    });
    next = next.replace(API_INTEGRATIONS_IMPORT, (whole, list: string, quote: string) => {
      const specs = list
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean);
      const parts = specs.map((spec) => spec.split(/\s+as\s+/).map((x) => x.trim()) as [string, string | undefined]);
      if (!parts.every(([name]) => CORE_NAMES.has(name) || name === 'Core')) return whole;
      fixed++;
      const named = parts
        .filter(([name]) => name !== 'Core')
        .map(([name, local]) => (local ? `${name} as ${local}` : name));
      const core = parts.find(([name]) => name === 'Core');
      const lines = [];
      if (core) lines.push(`import ${core[1] ?? 'Core'} from ${quote}@/integrations/Core${quote};`);
      if (named.length) lines.push(`import { ${named.join(', ')} } from ${quote}@/integrations/Core${quote};`);
      return lines.join('\n');
    });
    if (fixed) {
      files[path] = next;
      count(path, fixed);
    }
  }

  const manifest = files['app.json'];
  if (manifest !== undefined) {
    try {
      const app = JSON.parse(manifest) as Record<string, unknown>;
      const pages = Object.keys(files)
        .map(pageNameOf)
        .filter((p): p is string => p !== null);
      const key = (s: string) => s.toLowerCase().replace(/-/g, '');
      if (typeof app.mainPage === 'string' && !pages.includes(app.mainPage)) {
        const match = pages.find((p) => key(p) === key(app.mainPage as string));
        if (match) {
          files['app.json'] = `${JSON.stringify({ ...app, mainPage: match }, null, 2)}\n`;
          count('app.json', 1);
        }
      }
    } catch {
      // Broken JSON has no obvious fix: the model gets the validation issue.
    }
  }

  return {
    snapshot: { files, entities: snapshot.entities },
    repairedFiles: [...repaired].map(([fileId, issuesFixed]) => ({ fileId, issuesFixed })),
  };
}
