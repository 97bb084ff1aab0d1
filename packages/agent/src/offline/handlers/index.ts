// One handler per kind of follow-up request. Each reads a clause, changes the turn's working model
// (schemas, pages, theme, name, records) and notes what it did; it returns false when the clause is
// not its kind, so the next handler gets a try.
import type { TurnState } from '../turn-state';
import {
  handleBuiltIn,
  handleFixErrors,
  handleMainPage,
  handleRename,
  handleRenameOther,
  handleSeed,
  handleTheme,
} from './app';
import {
  handleAccess,
  handleAddEntity,
  handleDescribedEntities,
  handleExplicitPermissions,
  handleRemoveEntity,
} from './entities';
import { handleAddField, handleOptions, handleRemoveField, handleRequired } from './fields';
import { handleAddPage, handleBoard, handleRemovePage } from './pages';
import { handleUseTool } from './tools';

export { isErrorReport } from './app';

/** The handlers in the order they get a clause: specific requests before general ones. */
export const HANDLERS: Array<(state: TurnState, clause: string, lower: string) => boolean> = [
  handleFixErrors,
  handleUseTool,
  handleExplicitPermissions,
  handleBuiltIn,
  handleBoard,
  handleSeed,
  handleRename,
  handleRenameOther,
  handleMainPage,
  handleAccess,
  handleRequired,
  handleOptions,
  handleRemoveField,
  handleAddField,
  handleDescribedEntities,
  handleRemovePage,
  handleTheme,
  handleRemoveEntity,
  handleAddPage,
  handleAddEntity,
];
