import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SchemaEditResponse } from '@tessera/contracts/apps';
import type { EntitySchema } from '@tessera/contracts/entities';
import { apiFetch } from '../../../shared/api';
import { useSchemaVersionFollowUp } from '../hooks/use-schema-version';

/** A stored record: its fields plus the columns every record carries. */
export interface EntityRecord {
  id: string;
  createdAt: string;
  updatedAt?: string;
  creatorId?: string | null;
  [field: string]: unknown;
}

/** Rows are loaded in pages of 1000, newest first (docs/product/database.md#calls). */
export const RECORDS_PAGE_SIZE = 1000;

export const databaseKeys = {
  records: (appId: string, entity: string) => ['entity-records', appId, entity] as const,
};

const recordsPath = (appId: string, entity: string) =>
  `/live_api/apps/${encodeURIComponent(appId)}/entities/${encodeURIComponent(entity)}`;
const schemaPath = (appId: string, entity: string) =>
  `/api/apps/${encodeURIComponent(appId)}/entities/${encodeURIComponent(entity)}`;

/** One page of rows and the server's count of all rows (`X-Total-Count`; estimated on very large tables). */
export interface RecordsPage {
  rows: EntityRecord[];
  total: number | null;
  isTotalEstimated: boolean;
}

export async function fetchRecordsPage(
  appId: string,
  entity: string,
  skip: number,
  signal?: AbortSignal,
): Promise<RecordsPage> {
  const query = new URLSearchParams({ sort: '-createdAt', limit: String(RECORDS_PAGE_SIZE), skip: String(skip) });
  let total: number | null = null;
  let isTotalEstimated = false;
  const rows = await apiFetch<EntityRecord[]>(`${recordsPath(appId, entity)}?${query}`, {
    signal,
    onHeaders: (headers) => {
      const value = Number.parseInt(headers.get('x-total-count') ?? '', 10);
      total = Number.isFinite(value) ? value : null;
      isTotalEstimated = headers.get('x-total-count-estimated') === 'true';
    },
  });
  return { rows, total, isTotalEstimated };
}

/** Every record of an entity, page by page (export). */
export async function fetchAllRecords(appId: string, entity: string): Promise<EntityRecord[]> {
  const all: EntityRecord[] = [];
  for (;;) {
    const page = await fetchRecordsPage(appId, entity, all.length);
    all.push(...page.rows);
    if (page.rows.length < RECORDS_PAGE_SIZE) return all;
  }
}

/** The grid's rows, loaded a page of 1000 at a time as the grid scrolls. */
export function useEntityRecords(appId: string, entity: string) {
  return useInfiniteQuery({
    queryKey: databaseKeys.records(appId, entity),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => fetchRecordsPage(appId, entity, pageParam, signal),
    getNextPageParam: (last, pages) =>
      last.rows.length === RECORDS_PAGE_SIZE ? pages.length * RECORDS_PAGE_SIZE : undefined,
  });
}

export const recordsApi = {
  create: (appId: string, entity: string, values: Record<string, unknown>) =>
    apiFetch<EntityRecord>(recordsPath(appId, entity), { method: 'POST', body: values }),
  update: (appId: string, entity: string, id: string, values: Record<string, unknown>) =>
    apiFetch<EntityRecord>(`${recordsPath(appId, entity)}/${encodeURIComponent(id)}`, { method: 'PUT', body: values }),
  delete: (appId: string, entity: string, id: string) =>
    apiFetch<{ id: string }>(`${recordsPath(appId, entity)}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  /** Creates many records at once (new ids; the server takes at most 1000 a call). */
  bulkCreate: (appId: string, entity: string, values: Array<Record<string, unknown>>) =>
    apiFetch<EntityRecord[]>(`${recordsPath(appId, entity)}/bulk`, { method: 'POST', body: values }),
  deleteMany: (appId: string, entity: string, ids: string[]) =>
    apiFetch<{ deleted: number }>(
      `${recordsPath(appId, entity)}?${new URLSearchParams({ q: JSON.stringify({ id: { $in: ids } }) })}`,
      { method: 'DELETE' },
    ),
};

export const schemaApi = {
  save: (appId: string, entity: string, schema: EntitySchema) =>
    apiFetch<SchemaEditResponse>(schemaPath(appId, entity), { method: 'PUT', body: { schema } }),
  renameField: (appId: string, entity: string, field: string, to: string) =>
    apiFetch<SchemaEditResponse>(`${schemaPath(appId, entity)}/fields/${encodeURIComponent(field)}/rename`, {
      method: 'POST',
      body: { to },
    }),
};

/** Schema edits; `onSaved` hands the stored schema to whoever owns the app's cache. */
export function useSchemaMutations(
  appId: string,
  entity: string,
  onSaved: (name: string, schema: EntitySchema) => void,
) {
  const queryClient = useQueryClient();
  const followUp = useSchemaVersionFollowUp(appId);
  const refreshRecords = () => queryClient.invalidateQueries({ queryKey: databaseKeys.records(appId, entity) });
  const save = useMutation({
    mutationFn: (schema: EntitySchema) => schemaApi.save(appId, entity, schema),
    onSuccess: (result) => {
      onSaved(result.name, result.schema);
      followUp(result);
    },
  });
  const rename = useMutation({
    mutationFn: ({ field, to }: { field: string; to: string }) => schemaApi.renameField(appId, entity, field, to),
    onSuccess: (result) => {
      onSaved(result.name, result.schema);
      followUp(result);
      void refreshRecords();
    },
  });
  return { save, rename, refreshRecords };
}
