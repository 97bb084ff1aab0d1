import { useState, type FormEvent } from 'react';
import { PROPERTY_NAME_PATTERN } from '@tessera/contracts/entities';
import { Button, Dialog, DialogClose, DialogContent, Field, Input, Select } from '@tessera/ui';
import { COLUMN_TYPE_LABELS, COLUMN_TYPES, type ColumnType, type GridColumn } from '../lib/columns';

/** Which column dialog is open: add (at an index), rename, change type or delete. */
export type ColumnDialogState =
  | { mode: 'add'; index: number }
  | { mode: 'rename'; column: GridColumn }
  | { mode: 'type'; column: GridColumn }
  | { mode: 'delete'; column: GridColumn }
  | null;

export interface ColumnDialogProps {
  state: ColumnDialogState;
  existingNames: string[];
  isSaving: boolean;
  onClose: () => void;
  onAdd: (name: string, type: ColumnType, index: number) => void;
  onRename: (column: GridColumn, to: string) => void;
  onChangeType: (column: GridColumn, type: ColumnType) => void;
  onDelete: (column: GridColumn) => void;
}

function nameError(name: string, existing: string[], current?: string): string | null {
  if (!name) return 'Give the column a name';
  if (!PROPERTY_NAME_PATTERN.test(name)) return 'Start with a letter or _, then letters, digits or _ (64 at most)';
  if (name !== current && existing.includes(name)) return `There is already a column named "${name}"`;
  return null;
}

/** The header menu's dialogs, one at a time. The grid keeps the state; this only asks. */
export function ColumnDialog({ state, ...props }: ColumnDialogProps) {
  return (
    <Dialog open={state !== null} onOpenChange={(open) => !open && props.onClose()}>
      {state && (
        <ColumnDialogBody
          key={state.mode + ('column' in state ? state.column.key : state.index)}
          state={state}
          {...props}
        />
      )}
    </Dialog>
  );
}

function ColumnDialogBody({
  state,
  existingNames,
  isSaving,
  onAdd,
  onRename,
  onChangeType,
  onDelete,
}: ColumnDialogProps & { state: NonNullable<ColumnDialogState> }) {
  const column = 'column' in state ? state.column : undefined;
  const [name, setName] = useState(state.mode === 'rename' ? state.column.key : '');
  const [type, setType] = useState<ColumnType>(column?.dataType ?? 'text');
  const [error, setError] = useState<string | null>(null);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!state) return;
    if (state.mode === 'add' || state.mode === 'rename') {
      const trimmed = name.trim();
      const problem = nameError(trimmed, existingNames, column?.key);
      if (problem) return setError(problem);
      if (state.mode === 'add') onAdd(trimmed, type, state.index);
      else onRename(state.column, trimmed);
    } else if (state.mode === 'type') onChangeType(state.column, type);
    else onDelete(state.column);
  }

  const titles = {
    add: 'Add column',
    rename: 'Rename column',
    type: 'Change column type',
    delete: 'Delete column',
  } as const;
  const descriptions = {
    add: 'A new field on every row of this table.',
    rename: 'Existing values move to the new name.',
    type: 'Values stay as they are; new edits follow the new type.',
    delete: `The "${column?.key}" column and its values leave this table for good.`,
  } as const;
  const submitLabels = { add: 'Add column', rename: 'Rename', type: 'Change type', delete: 'Delete column' } as const;

  return (
    <DialogContent
      size="sm"
      title={titles[state.mode]}
      description={descriptions[state.mode]}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button
            type="submit"
            form="column-dialog-form"
            variant={state.mode === 'delete' ? 'danger' : 'primary'}
            loading={isSaving}
          >
            {submitLabels[state.mode]}
          </Button>
        </>
      }
    >
      <form id="column-dialog-form" onSubmit={handleSubmit} className="space-y-4">
        {(state.mode === 'add' || state.mode === 'rename') && (
          <Field label="Column name" error={error ?? undefined}>
            <Input
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                setError(null);
              }}
              placeholder="e.g. dueDate"
              autoFocus
              autoComplete="off"
              spellCheck={false}
            />
          </Field>
        )}
        {(state.mode === 'add' || state.mode === 'type') && (
          <Field label="Type">
            <Select
              value={type}
              onChange={(e) => setType(e.target.value as ColumnType)}
              autoFocus={state.mode === 'type'}
            >
              {COLUMN_TYPES.map((t) => (
                <option key={t} value={t}>
                  {COLUMN_TYPE_LABELS[t]}
                </option>
              ))}
            </Select>
          </Field>
        )}
      </form>
    </DialogContent>
  );
}
