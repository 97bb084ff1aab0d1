import { and, eq, inArray } from 'drizzle-orm';
import { apps, contextItems, type Db } from '@tessera/db';

export type Definition = Record<string, unknown>;

/** A tool app's definition lives in `apps.definition`; these read and change it under a row lock. */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function itemsOfApp(db: Db | Tx, appId: string, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: contextItems.id, type: contextItems.type })
    .from(contextItems)
    .where(and(eq(contextItems.appId, appId), inArray(contextItems.id, [...ids])));
  return new Map(rows.map((r) => [r.id, r.type]));
}

export function createToolsRepo(db: Db) {
  return {
    /**
     * Reads the app's definition with its row locked, lets `change` compute the next one (or throw,
     * or answer null for "no change"), and stores it in the same transaction: two tool edits at
     * once never lose one another, and two activations at once cannot pass the live-tool limit.
     */
    async updateDefinition<T>(
      appId: string,
      change: (
        definition: Definition,
        itemsOf: (ids: readonly string[]) => Promise<Map<string, string>>,
      ) => Promise<{ definition: Definition | null; result: T }>,
    ): Promise<T> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ definition: apps.definition })
          .from(apps)
          .where(eq(apps.id, appId))
          .for('update');
        // Inside the transaction, reads go through it (PGlite has a single connection).
        const { definition, result } = await change((row?.definition ?? {}) as Definition, (ids) =>
          itemsOfApp(tx, appId, ids),
        );
        if (definition) await tx.update(apps).set({ definition, updatedAt: new Date() }).where(eq(apps.id, appId));
        return result;
      });
    },

    /** Which of `ids` are data items of this app (each with its type). */
    contextItemsOf: (appId: string, ids: readonly string[]) => itemsOfApp(db, appId, ids),
  };
}

export type ToolsRepo = ReturnType<typeof createToolsRepo>;
