import type { CodeFile, CodeIssue } from '@tessera/contracts/code';
import { Menu, MenuContent, MenuItem, MenuTrigger, cn } from '@tessera/ui';
import { FileCode2, Lock, MoreHorizontal, Pencil, Plus, Trash2 } from 'lucide-react';
import { displayName, fileSections, NEW_FILE_PREFIX, type SectionId } from '../lib/file-tree';

export interface FileTreeProps {
  files: CodeFile[];
  issues: CodeIssue[];
  currentPath: string | null;
  onOpen: (path: string) => void;
  onNew: (section: SectionId) => void;
  onRename: (file: CodeFile) => void;
  onDelete: (file: CodeFile) => void;
}

/** The file tree: Layout, Styles, Pages, Components, Entities (read-only) and Services. */
export function FileTree({ files, issues, currentPath, onOpen, onNew, onRename, onDelete }: FileTreeProps) {
  const errorFiles = new Set(issues.filter((i) => i.severity === 'error' && i.file).map((i) => i.file));
  return (
    <nav aria-label="Files" className="flex flex-col gap-3 p-2 text-[13px]">
      {fileSections(files).map((section) => (
        <section key={section.id} aria-labelledby={`files-${section.id}`}>
          <div className="flex h-7 items-center gap-1 px-2">
            <h3
              id={`files-${section.id}`}
              className="flex-1 text-[11px] font-semibold tracking-wide text-ink-subtle uppercase"
            >
              {section.label}
              {section.id === 'entities' && <span className="ml-1.5 font-normal normal-case">(read-only)</span>}
            </h3>
            {NEW_FILE_PREFIX[section.id] && (
              <button
                type="button"
                aria-label={`New file in ${section.label}`}
                title={`New file in ${section.label}`}
                onClick={() => onNew(section.id)}
                className="flex size-6 items-center justify-center rounded-md text-ink-subtle hover:bg-zinc-100 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500"
              >
                <Plus className="size-3.5" aria-hidden />
              </button>
            )}
          </div>
          {section.files.length === 0 ? (
            <p className="px-2 py-1 text-xs text-ink-subtle">No files</p>
          ) : (
            <ul>
              {section.files.map((file) => {
                const isCurrent = file.path === currentPath;
                const canChange = !file.readOnly && file.path !== 'app.json';
                return (
                  <li key={file.path} className="group relative flex items-center">
                    <button
                      type="button"
                      onClick={() => onOpen(file.path)}
                      aria-current={isCurrent ? 'page' : undefined}
                      title={file.path}
                      className={cn(
                        'flex h-8 min-w-0 flex-1 items-center gap-2 rounded-md px-2 text-left text-ink-muted hover:bg-zinc-100 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500',
                        isCurrent && 'bg-brand-50 font-medium text-brand-700 hover:bg-brand-50 hover:text-brand-700',
                        canChange && 'pr-8',
                      )}
                    >
                      {file.readOnly ? (
                        <Lock className="size-3.5 shrink-0 opacity-70" aria-label="Read-only" />
                      ) : (
                        <FileCode2 className="size-3.5 shrink-0 opacity-70" aria-hidden />
                      )}
                      <span className="truncate">{displayName(file.path)}</span>
                      {errorFiles.has(file.path) && (
                        <span className="ml-auto size-1.5 shrink-0 rounded-full bg-red-500" aria-label="Has errors" />
                      )}
                    </button>
                    {canChange && (
                      <Menu>
                        <MenuTrigger asChild>
                          <button
                            type="button"
                            aria-label={`Actions for ${file.path}`}
                            className="absolute right-1 flex size-6 items-center justify-center rounded-md text-ink-subtle opacity-100 hover:bg-zinc-200 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500 sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100 data-[state=open]:opacity-100"
                          >
                            <MoreHorizontal className="size-3.5" aria-hidden />
                          </button>
                        </MenuTrigger>
                        <MenuContent align="end">
                          <MenuItem onSelect={() => onRename(file)}>
                            <Pencil aria-hidden /> Rename
                          </MenuItem>
                          <MenuItem onSelect={() => onDelete(file)} className="text-red-600">
                            <Trash2 aria-hidden /> Delete
                          </MenuItem>
                        </MenuContent>
                      </Menu>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      ))}
    </nav>
  );
}
