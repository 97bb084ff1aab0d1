import { z } from 'zod';

/**
 * The code editor's files (docs/product/editor-and-chat.md#screens-and-routes "Code editor"): a
 * file's id is its path in the app's snapshot; entity schemas are listed as `entities/{Name}.json`
 * and are read-only (the Database panel changes them).
 */
export const CODE_FILE_MAX_CHARS = 500_000;
/** docs/product/editor-and-chat.md#limits: autosave 1 s after the last change; "Saved" for 2 s. */
export const CODE_AUTOSAVE_DELAY_MS = 1000;
export const CODE_SAVED_INDICATOR_MS = 2000;
/** At most this many files a delete may rewrite (the files importing the deleted one). */
export const CODE_REFERENCES_MAX = 200;
export const ENTITY_FILE_PREFIX = 'entities/';

export const isEntityFilePath = (path: string): boolean => path.startsWith(ENTITY_FILE_PREFIX);

const path = z
  .string()
  .trim()
  .min(1, 'File path is required')
  .max(300, 'File path is too long (300 characters at most)');
const content = z
  .string()
  .max(CODE_FILE_MAX_CHARS, `File is too long (${CODE_FILE_MAX_CHARS.toLocaleString('en-US')} characters at most)`)
  .refine((v) => !v.includes('\u0000'), 'File contains a NUL character');

/**
 * `POST /api/apps/{appId}/files/update`: `id` is the path of an existing file; `path` names a new
 * file, or the new path of `id` (a rename). One of them is needed.
 */
export const UpdateCodeFileRequestSchema = z.object({
  file: z
    .object({ id: path.optional(), path: path.optional(), content })
    .refine((f) => f.id !== undefined || f.path !== undefined, 'File id or path is required'),
});
export type UpdateCodeFileRequest = z.infer<typeof UpdateCodeFileRequestSchema>;

/** `POST /api/apps/{appId}/files/delete`: the file and the new text of the files that imported it. */
export const DeleteCodeFileRequestSchema = z.object({
  fileId: path,
  referencesToUpdate: z
    .array(z.object({ path, content }))
    .max(CODE_REFERENCES_MAX, `At most ${CODE_REFERENCES_MAX} files can be updated at once`)
    .default([]),
});
export type DeleteCodeFileRequest = z.infer<typeof DeleteCodeFileRequestSchema>;

export const CodeFileSchema = z.object({
  id: z.string(),
  path: z.string(),
  content: z.string(),
  readOnly: z.boolean(),
});
export type CodeFile = z.infer<typeof CodeFileSchema>;

/** A validator finding the editor shows as a lint marker (line 1-based, null when the file as a whole). */
export const CodeIssueSchema = z.object({
  file: z.string().nullable(),
  line: z.number().int().nullable(),
  message: z.string(),
  severity: z.enum(['error', 'warning']),
});
export type CodeIssue = z.infer<typeof CodeIssueSchema>;

/** `GET /api/apps/{appId}/files`: the latest version's files (none yet: version null). */
export const CodeFilesResponseSchema = z.object({
  versionId: z.string().nullable(),
  number: z.number().int().nullable(),
  files: z.array(CodeFileSchema),
  issues: z.array(CodeIssueSchema),
});
export type CodeFilesResponse = z.infer<typeof CodeFilesResponseSchema>;

/** What a save or a delete made: the new version (or the same one when nothing changed) and its issues. */
export const CodeFileSaveResponseSchema = z.object({
  versionId: z.string(),
  number: z.number().int(),
  /** The saved file; null after a delete. */
  file: CodeFileSchema.nullable(),
  /** Paths written besides the saved file (the imports a delete updated). */
  updatedFiles: z.array(z.string()),
  issues: z.array(CodeIssueSchema),
});
export type CodeFileSaveResponse = z.infer<typeof CodeFileSaveResponseSchema>;

const CODE_EXTENSIONS = ['.jsx', '.js', '.tsx', '.ts'] as const;

function normalize(parts: string[]): string | null {
  const out: string[] = [];
  for (const part of parts) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (out.length === 0) return null;
      out.pop();
    } else out.push(part);
  }
  return out.join('/');
}

/** The app file a relative or `@/` import names, trying extensions and index files (docs/generated-apps.md). */
export function resolveAppImport(files: Record<string, string>, importer: string, specifier: string): string | null {
  let base: string | null;
  if (specifier.startsWith('@/')) base = normalize(specifier.slice(2).split('/'));
  else if (specifier.startsWith('./') || specifier.startsWith('../')) {
    const dir = importer.split('/').slice(0, -1);
    base = normalize([...dir, ...specifier.split('/')]);
  } else return null;
  if (base === null) return null;
  const candidates = [
    base,
    ...[...CODE_EXTENSIONS, '.json', '.css'].map((e) => base + e),
    ...CODE_EXTENSIONS.map((e) => `${base}/index${e}`),
  ];
  return candidates.find((c) => Object.hasOwn(files, c)) ?? null;
}
