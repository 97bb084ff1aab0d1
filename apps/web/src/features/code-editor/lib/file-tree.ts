import { isEntityFilePath, type CodeFile } from '@tessera/contracts/code';

/** The file tree's sections, in order (docs/product/editor-and-chat.md "Code editor"). */
export const SECTIONS = [
  { id: 'layout', label: 'Layout' },
  { id: 'styles', label: 'Styles' },
  { id: 'pages', label: 'Pages' },
  { id: 'components', label: 'Components' },
  { id: 'entities', label: 'Entities' },
  { id: 'services', label: 'Services' },
] as const;
export type SectionId = (typeof SECTIONS)[number]['id'];

/** Where a file goes in the tree: app.json and layout.jsx under Layout, CSS under Styles. */
export function sectionOf(path: string): SectionId {
  if (isEntityFilePath(path)) return 'entities';
  if (path.startsWith('pages/')) return 'pages';
  if (path.endsWith('.css')) return 'styles';
  if (path.startsWith('components/')) return 'components';
  if (path.startsWith('services/')) return 'services';
  return 'layout';
}

export interface TreeSection {
  id: SectionId;
  label: string;
  files: CodeFile[];
}

/** The files grouped by section (empty sections kept, so each shows where its files would go), sorted by path. */
export function fileSections(files: CodeFile[]): TreeSection[] {
  return SECTIONS.map(({ id, label }) => ({
    id,
    label,
    files: files.filter((f) => sectionOf(f.path) === id).sort((a, b) => a.path.localeCompare(b.path)),
  }));
}

/** The name shown in the tree: the path inside its section's folder (`components/ui/Button.jsx` -> `ui/Button.jsx`). */
export function displayName(path: string): string {
  const root = /^(?:pages|components|services|entities)\//.exec(path);
  return root ? path.slice(root[0].length) : path;
}

/** The file's base name (`Deleted Badge.jsx`). */
export const baseName = (path: string) => path.split('/').pop() ?? path;

/** The file shown first: the main page if there is one, else the first page, else the first file. */
export function firstFile(files: CodeFile[], mainPage?: string | null): CodeFile | null {
  const pages = files.filter((f) => f.path.startsWith('pages/'));
  return (
    (mainPage && pages.find((f) => baseName(f.path).replace(/\.[^.]+$/, '') === mainPage)) ||
    pages[0] ||
    files.find((f) => !f.readOnly) ||
    files[0] ||
    null
  );
}

/** A new file's folder and extension by section: what the "New file" dialog fills in. */
export const NEW_FILE_PREFIX: Partial<Record<SectionId, { folder: string; ext: string }>> = {
  pages: { folder: 'pages/', ext: '.jsx' },
  components: { folder: 'components/', ext: '.jsx' },
  services: { folder: 'services/', ext: '.js' },
};
