import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Database, Lock, Table2 } from 'lucide-react';
import { MESSAGES } from '@tessera/contracts';
import { USER_ENTITY, type EntitySchema } from '@tessera/contracts/entities';
import { EmptyState, Select, Tabs, TabsContent, TabsList, TabsTrigger, cn } from '@tessera/ui';
import { ACCESS_LEVEL_LABELS, AccessControlView, type AccessControlViewProps } from './access-control-view';
import { DataGrid } from './data-grid';

/** The entities shown in the panel: all but the built-in User (docs/product/database.md#screens-and-routes), in name order. */
export function visibleEntityNames(entities: Record<string, EntitySchema>): string[] {
  return Object.keys(entities)
    .filter((name) => name !== USER_ENTITY)
    .sort((a, b) => a.localeCompare(b));
}

/** The selected entity lives in the URL (`?entity=`) so a reload or a shared link keeps it. */
export function useSelectedEntity(entities: Record<string, EntitySchema>) {
  const [params, setParams] = useSearchParams();
  const names = visibleEntityNames(entities);
  const requested = params.get('entity');
  const selected = requested && names.includes(requested) ? requested : (names[0] ?? null);
  const select = (name: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('entity', name);
        return next;
      },
      { replace: true },
    );
  return { names, selected, select };
}

export interface DatabaseEntityListProps {
  entities: Record<string, EntitySchema>;
}

/** The side list of entities (the workspace shows a dropdown instead under 768 px, where the side panel is a drawer). */
export function DatabaseEntityList({ entities }: DatabaseEntityListProps) {
  const { names, selected, select } = useSelectedEntity(entities);
  if (!names.length) return null;
  return (
    <nav aria-label="Entities" className="hidden md:block">
      <p className="px-2 pb-2 text-xs font-medium tracking-wide text-ink-faint uppercase">Tables</p>
      <ul className="space-y-0.5">
        {names.map((name) => {
          const isActive = name === selected;
          const count = Object.keys(entities[name]!.properties).length;
          return (
            <li key={name}>
              <button
                type="button"
                onClick={() => select(name)}
                aria-current={isActive ? 'page' : undefined}
                className={cn(
                  'flex h-9 w-full items-center gap-2.5 rounded-lg px-2 text-left text-sm transition-colors focus-visible:outline-2 focus-visible:outline-brand-500',
                  isActive
                    ? 'bg-brand-50 font-medium text-brand-800'
                    : 'text-ink-muted hover:bg-zinc-100 hover:text-ink',
                )}
              >
                <Table2 className={cn('size-4 shrink-0', isActive ? 'text-brand-600' : 'text-ink-faint')} aria-hidden />
                <span className="truncate">{name}</span>
                {/* Fields, not rows: the schema list has no row counts. */}
                <span className="ml-auto shrink-0 text-xs text-ink-faint tabular-nums">
                  {count} {count === 1 ? 'field' : 'fields'}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export interface DatabaseWorkspaceProps {
  appId: string;
  entities: Record<string, EntitySchema>;
  onSchemaSaved: (name: string, schema: EntitySchema) => void;
  /** Access changes go through the chat (docs/product/database.md#roles-and-permissions). */
  chat: Pick<AccessControlViewProps, 'isChatBusy' | 'onRequestChange'>;
}

type WorkspaceTab = 'data' | 'access';

/**
 * The selected entity: its data grid and its access-control view. Switching tables keeps the open
 * tab, so access rules can be compared table by table (and a switch that lands late cannot undo a
 * tab chosen meanwhile).
 */
export function DatabaseWorkspace({ appId, entities, onSchemaSaved, chat }: DatabaseWorkspaceProps) {
  const { names, selected, select } = useSelectedEntity(entities);
  const [tab, setTab] = useState<WorkspaceTab>('data');
  if (!selected) {
    return (
      <EmptyState
        icon={<Database />}
        title={MESSAGES.database.noEntities}
        text="Tables your app stores data in show up here, with their rows, columns and who can see them."
      />
    );
  }
  const schema = entities[selected]!;
  const fieldCount = Object.keys(schema.properties).length;
  return (
    <Tabs
      value={tab}
      onValueChange={(value) => setTab(value as WorkspaceTab)}
      key={selected}
      className="flex min-w-0 flex-col gap-4"
    >
      <div className="md:hidden">
        <label htmlFor="entity-select" className="sr-only">
          Table
        </label>
        <Select id="entity-select" value={selected} onChange={(e) => select(e.target.value)}>
          {names.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <h2 className="truncate text-xl font-semibold tracking-tight text-ink">{selected}</h2>
          <p className="text-[13px] text-ink-subtle">
            {fieldCount} {fieldCount === 1 ? 'field' : 'fields'} · Read:{' '}
            {ACCESS_LEVEL_LABELS[schema['x-accessControl'].permissions.read].label} · Write:{' '}
            {ACCESS_LEVEL_LABELS[schema['x-accessControl'].permissions.write].label}
          </p>
        </div>
        <TabsList className="w-full sm:w-auto">
          <TabsTrigger value="data" className="gap-1.5 sm:flex-none">
            <Table2 className="mr-1.5 inline size-3.5 align-[-2px]" aria-hidden />
            Data
          </TabsTrigger>
          <TabsTrigger value="access" className="sm:flex-none">
            <Lock className="mr-1.5 inline size-3.5 align-[-2px]" aria-hidden />
            Access control
          </TabsTrigger>
        </TabsList>
      </div>
      <TabsContent value="data">
        <DataGrid appId={appId} entity={selected} schema={schema} onSchemaSaved={onSchemaSaved} />
      </TabsContent>
      <TabsContent value="access">
        <AccessControlView
          key={JSON.stringify(schema['x-accessControl'])}
          entity={selected}
          schema={schema}
          {...chat}
        />
      </TabsContent>
    </Tabs>
  );
}
