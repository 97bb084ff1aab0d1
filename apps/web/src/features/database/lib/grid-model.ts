import type { EntityRecord } from '../api/database';
import type { GridColumn } from './columns';

/** The table is a virtual list 480 px high with 40 px rows. */
export const GRID_HEIGHT = 480;
export const ROW_HEIGHT = 40;
export const GUTTER_WIDTH = 76;
export const ADD_COLUMN_WIDTH = 48;

/** A grid row: a draft not saved yet, or a stored record. */
export type RowModel =
  | { kind: 'pending'; key: string; values: Record<string, unknown> }
  | { kind: 'record'; key: string; values: EntityRecord };
export type PendingRow = { key: string; values: Record<string, unknown> };
export type Position = { row: number; col: number };
export type EditState = Position & { draft: string };
export type CellDialog = {
  kind: 'text' | 'multiselect' | 'option' | 'image';
  rowKey: string;
  column: GridColumn;
} | null;
