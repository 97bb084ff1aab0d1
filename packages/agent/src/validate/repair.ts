import type { AppSnapshot } from '../snapshot';
import { installedExports } from './modules';
import { pageNameOf } from './validate';

/** A file changed by `repairSnapshot` and how many problems it fixed there (spec 2 §3 repairedFiles). */
export interface RepairedFile {
  fileId: string;
  issuesFixed: number;
}

export interface RepairResult {
  snapshot: AppSnapshot;
  repairedFiles: RepairedFile[];
}

const LUCIDE_IMPORT = /import\s*\{([^}]*)\}\s*from\s*(['"])lucide-react\2/g;
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
 * exist (imported as the closest real icon under the name the code uses, so no other line changes)
 * and an app.json mainPage that names a page in the wrong case. Everything else is left for the
 * model; run `validateSnapshot` again afterwards.
 */
export async function repairSnapshot(snapshot: AppSnapshot): Promise<RepairResult> {
  const files = { ...snapshot.files };
  const repaired = new Map<string, number>();
  const count = (file: string, n: number) => n && repaired.set(file, (repaired.get(file) ?? 0) + n);

  const needsIcons = Object.entries(files).some(([path, text]) => /\.(jsx|js|tsx|ts)$/.test(path) && text.includes('lucide-react'));
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

  const manifest = files['app.json'];
  if (manifest !== undefined) {
    try {
      const app = JSON.parse(manifest) as Record<string, unknown>;
      const pages = Object.keys(files).map(pageNameOf).filter((p): p is string => p !== null);
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
