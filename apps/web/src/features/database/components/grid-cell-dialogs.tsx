import { toEditText } from '../lib/cell-values';
import type { GridColumn } from '../lib/columns';
import type { CellDialog, RowModel } from '../lib/grid-model';
import { AddOptionDialog, ImageCellDialog, MultiselectDialog, TextCellDialog } from './cell-dialogs';

interface GridCellDialogsProps {
  appId: string;
  dialog: CellDialog;
  row: RowModel | undefined;
  /** The current columns: an option added meanwhile shows up in the open multiselect dialog. */
  columns: GridColumn[];
  isSavingOption: boolean;
  onClose: () => void;
  writeCell: (row: RowModel, column: GridColumn, value: unknown) => void;
  addOption: (column: GridColumn, label: string) => Promise<boolean>;
}

/** The open cell's dialog: long text or JSON, an image, a multiselect, or a new select option. */
export function GridCellDialogs({
  appId,
  dialog,
  row,
  columns,
  isSavingOption,
  onClose,
  writeCell,
  addOption,
}: GridCellDialogsProps) {
  if (!dialog || !row) return null;
  const { column } = dialog;
  const save = (value: unknown) => {
    onClose();
    writeCell(row, column, value);
  };
  switch (dialog.kind) {
    case 'text':
      return (
        <TextCellDialog
          column={column}
          initialText={toEditText(column, row.values[column.key])}
          onClose={onClose}
          onSave={save}
        />
      );
    case 'image':
      return (
        <ImageCellDialog appId={appId} column={column} value={row.values[column.key]} onClose={onClose} onSave={save} />
      );
    case 'multiselect':
      return (
        <MultiselectDialog
          column={columns.find((c) => c.key === column.key) ?? column}
          value={row.values[column.key]}
          onAddOption={(label) => addOption(column, label)}
          onClose={onClose}
          onSave={save}
        />
      );
    case 'option':
      return (
        <AddOptionDialog
          column={column}
          isSaving={isSavingOption}
          onClose={onClose}
          onSubmit={(label) => {
            void addOption(column, label).then((ok) => ok && save(label));
          }}
        />
      );
  }
}
