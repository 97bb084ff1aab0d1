import { useMemo, useState, type PointerEvent as ReactPointerEvent } from 'react';
import type { EntitySchema } from '@tessera/contracts/entities';
import { toast } from '@tessera/ui';
import { errorMessage } from '../../../shared/api';
import type { EntityRecord, useSchemaMutations } from '../api/database';
import {
  clampWidth,
  columnsFromSchema,
  propertyForType,
  withOption,
  withoutProperty,
  withProperty,
  type ColumnType,
  type GridColumn,
} from '../lib/columns';
import type { ColumnDialogState } from '../components/column-dialogs';

export type HeaderAction = 'left' | 'right' | 'rename' | 'type' | 'delete';

interface ColumnActionsOptions {
  schema: EntitySchema;
  mutations: ReturnType<typeof useSchemaMutations>;
  loaded: EntityRecord[];
  /** A deleted column may hold the active cell. */
  onColumnDeleted: () => void;
  /** Drafts keep their values under a renamed column. */
  onColumnRenamed: (from: string, to: string) => void;
}

/** The columns (from the schema, with widths dragged here) and the schema edits of the header menus. */
export function useColumnActions({
  schema,
  mutations,
  loaded,
  onColumnDeleted,
  onColumnRenamed,
}: ColumnActionsOptions) {
  const { save: saveSchema, rename, refreshRecords } = mutations;
  const [widths, setWidths] = useState<Record<string, number>>({});
  const [columnDialog, setColumnDialog] = useState<ColumnDialogState>(null);
  const columns = useMemo(() => columnsFromSchema(schema, widths), [schema, widths]);
  const propertyNames = Object.keys(schema.properties);

  async function saveSchemaWith(next: EntitySchema, failure: string): Promise<boolean> {
    try {
      await saveSchema.mutateAsync(next);
      setColumnDialog(null);
      return true;
    } catch (err) {
      toast.error(failure, { description: errorMessage(err) });
      return false;
    }
  }

  function addColumn(name: string, type: ColumnType, index: number) {
    void saveSchemaWith(withProperty(schema, name, propertyForType(type), index), 'Couldn’t add the column');
  }

  function changeType(column: GridColumn, type: ColumnType) {
    const seen = new Set<string>(column.options.map((o) => o.label));
    if (!seen.size && (type === 'select' || type === 'multiselect')) {
      for (const r of loaded) {
        const v = r[column.key];
        for (const item of Array.isArray(v) ? v : [v])
          if (typeof item === 'string' && item.trim() && seen.size < 50) seen.add(item.trim());
      }
    }
    const next = withProperty(schema, column.key, propertyForType(type, [...seen]), propertyNames.indexOf(column.key));
    void saveSchemaWith(next, 'Couldn’t change the column type');
  }

  function renameColumn(column: GridColumn, to: string) {
    if (to === column.key) return setColumnDialog(null);
    rename.mutate(
      { field: column.key, to },
      {
        onSuccess: () => {
          setWidths(({ [column.key]: width, ...rest }) => (width ? { ...rest, [to]: width } : rest));
          onColumnRenamed(column.key, to);
          setColumnDialog(null);
        },
        onError: (err) => toast.error('Couldn’t rename the column', { description: errorMessage(err) }),
      },
    );
  }

  function deleteColumn(column: GridColumn) {
    onColumnDeleted();
    void saveSchemaWith(withoutProperty(schema, column.key), 'Couldn’t delete the column').then(
      (ok) => ok && void refreshRecords(),
    );
  }

  function addOption(column: GridColumn, label: string): Promise<boolean> {
    return saveSchemaWith(withOption(schema, column.key, label), 'Couldn’t add the option');
  }

  function startResize(event: ReactPointerEvent<HTMLDivElement>, column: GridColumn) {
    event.preventDefault();
    event.stopPropagation();
    const startX = event.clientX;
    const startWidth = column.width;
    const handle = event.currentTarget;
    handle.setPointerCapture(event.pointerId);
    const onMove = (e: PointerEvent) =>
      setWidths((w) => ({ ...w, [column.key]: clampWidth(startWidth + e.clientX - startX) }));
    const onUp = () => {
      handle.removeEventListener('pointermove', onMove);
      handle.removeEventListener('pointerup', onUp);
    };
    handle.addEventListener('pointermove', onMove);
    handle.addEventListener('pointerup', onUp);
  }

  /** A header menu's choice: add a column beside this one, or open the rename, type or delete dialog. */
  function onHeaderAction(column: GridColumn, action: HeaderAction) {
    const index = propertyNames.indexOf(column.key);
    if (action === 'left') setColumnDialog({ mode: 'add', index });
    else if (action === 'right') setColumnDialog({ mode: 'add', index: index + 1 });
    else setColumnDialog({ mode: action, column });
  }

  return {
    columns,
    propertyNames,
    columnDialog,
    openAddColumn: () => setColumnDialog({ mode: 'add', index: propertyNames.length }),
    closeColumnDialog: () => setColumnDialog(null),
    isSaving: saveSchema.isPending || rename.isPending,
    isSavingOption: saveSchema.isPending,
    addColumn,
    changeType,
    renameColumn,
    deleteColumn,
    addOption,
    startResize,
    onHeaderAction,
  };
}
