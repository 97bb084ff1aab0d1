// Loading records from the app's entities: one place for loading and error state, reloads and writes.
import { useCallback, useEffect, useState } from "react";
import { errorMessage } from "@/services/format";

/**
 * Runs `load` (a function returning a promise) on mount, whenever a value in `deps` changes and on
 * `reload()`. A result that arrives after the page moved on is dropped.
 */
export function useLoad(load, deps = []) {
  const [data, setData] = useState(null);
  const [isLoading, setIsLoading] = useState(true);
  const [error, setError] = useState("");
  const [reloadKey, setReloadKey] = useState(0);

  useEffect(() => {
    let isCurrent = true;
    setIsLoading(true);
    setError("");
    load()
      .then((result) => {
        if (isCurrent) setData(result);
      })
      .catch((err) => {
        if (isCurrent) setError(errorMessage(err));
      })
      .finally(() => {
        if (isCurrent) setIsLoading(false);
      });
    return () => {
      isCurrent = false;
    };
    // `load` is a new function on every render: `deps` say when what it loads has changed.
  }, [...deps, reloadKey]);

  const reload = useCallback(() => setReloadKey((key) => key + 1), []);
  return { data, setData, isLoading, error, reload };
}

/**
 * The records of an entity, newest first unless `sort` says otherwise; `query` narrows them down
 * (`{ status: "done" }`). `create`, `update` and `remove` write through the entity and keep the list
 * in step (`update` shows the change at once and takes it back if saving fails); they throw on failure.
 */
export function useRecords(entity, { query = null, sort = "-createdAt", limit = 500 } = {}) {
  const { data, setData, isLoading, error, reload } = useLoad(
    () => (query ? entity.filter(query, sort, limit) : entity.list(sort, limit)),
    [entity, JSON.stringify(query), sort, limit],
  );
  const records = data ?? [];

  async function create(values) {
    const record = await entity.create(values);
    setData((current) => [record, ...(current ?? [])]);
    return record;
  }

  async function update(id, changes) {
    const previous = records.find((record) => record.id === id);
    const replace = (next) => setData((current) => (current ?? []).map((record) => (record.id === id ? next : record)));
    if (previous) replace({ ...previous, ...changes });
    try {
      return await entity.update(id, changes);
    } catch (err) {
      if (previous) replace(previous);
      throw err;
    }
  }

  async function remove(id) {
    await entity.delete(id);
    setData((current) => (current ?? []).filter((record) => record.id !== id));
  }

  return { records, isLoading, error, reload, create, update, remove };
}

/** One record by id; `record` stays null while there is no id or it is loading. */
export function useRecord(entity, id) {
  const { data, isLoading, error, reload } = useLoad(() => (id ? entity.get(id) : Promise.resolve(null)), [entity, id]);
  return { record: data, isLoading, error, reload };
}
