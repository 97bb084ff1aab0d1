import { parse, PGlite, protocol, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

const { serialize, messages: pgMessages } = protocol;
type DatabaseError = InstanceType<typeof pgMessages.DatabaseError>;
type Field = { name: string; dataTypeID: number };

/** Statements kept prepared per database; the least recently used beyond this are closed. */
const MAX_STATEMENTS = 256;
/** PostgreSQL's refusal to run a prepared statement whose result columns changed under it. */
const isPlanChanged = (err: unknown) =>
  err instanceof pgMessages.DatabaseError && (err as DatabaseError).code === '0A000';
/** Commands whose tag's count is the rows they wrote (PGlite's `affectedRows`). */
const WRITES = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

interface Statement {
  name: string;
  /** Parameter type OIDs, for the value serializers (as PGlite's own query does). */
  paramTypes: number[];
  /** The result's columns (none when the statement returns no rows). */
  fields: Field[];
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Whether a query's options leave it to the prepared path (the others keep PGlite's own). */
const isPlain = (options: QueryOptions | undefined) =>
  !(options?.blob || options?.paramTypes || options?.onNotice || options?.serializers);

/**
 * PGlite whose queries are prepared once per SQL text and then run as one protocol message
 * (Bind, Execute, Sync): PGlite's own `query` parses, describes and binds every call anew, in six
 * calls into the WASM backend, and copies its whole parser table per call (docs/decisions/0008).
 * Queries inside transactions take the same path; `exec` and queries with options this does not
 * handle keep PGlite's own. Plans follow PostgreSQL's default for prepared statements: after five
 * runs a statement may keep one generic plan. Queries whose best plan depends on their values
 * (retrieval) ask for plans per value in their transaction (`plan_cache_mode`).
 */
export class PreparingPGlite extends PGlite {
  #statements = new Map<string, Statement>();
  #closing: string[] = [];
  #counter = 0;

  override async query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (!isPlain(options)) return super.query<T>(text, params, options);
    await this._checkReady();
    return this._runExclusiveTransaction(() => this.#query<T>(text, params, options, false));
  }

  /**
   * PGlite's transaction, whose `query` is prepared too. The transaction holds PGlite's lock, so its
   * queries only take the per-query one, as PGlite's own do.
   */
  override async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return super.transaction((tx) => {
      const query = <R>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<R>> =>
        // A closed transaction refuses through PGlite's own query ("Transaction is closed").
        tx.closed || !isPlain(options)
          ? tx.query<R>(text, params, options)
          : this.#query<R>(text, params, options, true);
      // Its other members (sql, exec, rollback, listen, closed) stay PGlite's.
      return callback(Object.create(tx, { query: { value: query } }) as Transaction);
    });
  }

  /**
   * Runs `text` prepared under the per-query lock, reporting errors as PGlite does (with the
   * statement and its parameters). A statement whose table changed under it (e.g. a migration) is
   * prepared again: at once outside a transaction; inside one the error has aborted it, so the
   * next use prepares it. Writes reach the file system after each statement outside a transaction,
   * as PGlite's own path does.
   */
  #query<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    const run = () => this.#run<T>(text, params, options);
    return this._runExclusiveQuery(async () => {
      try {
        return await run().catch((err: unknown) =>
          isPlanChanged(err) && this.#forget(text) && !inTransaction ? run() : Promise.reject(err),
        );
      } catch (err) {
        throw err instanceof pgMessages.DatabaseError
          ? Object.assign(err, { query: text, params, queryOptions: options })
          : err;
      } finally {
        if (!inTransaction) await this.syncToFs();
      }
    });
  }

  async #run<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    const statement = await this.#prepare(text);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = this.serializers[statement.paramTypes[i]!];
      return serializer ? serializer(value) : String(value);
    });
    const messages = await this.execProtocolStream(
      concat([
        serialize.bind({ statement: statement.name, values: values as string[] }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    return this.#results<T>(statement.fields, messages, options);
  }

  /**
   * The result as PGlite's `parseResults` builds it, without its copy of every parser per call
   * (drizzle passes its own parsers on every query, and PGlite knows hundreds of array types).
   */
  #results<T>(
    fields: Field[],
    messages: Awaited<ReturnType<PGlite['execProtocolStream']>>,
    options: QueryOptions | undefined,
  ): Results<T> {
    const parsers = fields.map(({ dataTypeID }) => options?.parsers?.[dataTypeID] ?? this.parsers[dataTypeID]);
    const rows: unknown[] = [];
    const result: Results<T> = { rows: rows as T[], fields, affectedRows: 0 };
    for (const message of messages) {
      if (message instanceof pgMessages.DataRowMessage) {
        const values = message.fields.map((value, i) =>
          value === null ? null : parsers[i] ? parsers[i](value, fields[i]!.dataTypeID) : value,
        );
        rows.push(
          options?.rowMode === 'array' ? values : Object.fromEntries(fields.map((f, i) => [f.name, values[i]])),
        );
      } else if (message instanceof pgMessages.CommandCompleteMessage) {
        // "SELECT 2", "UPDATE 3", "INSERT 0 5": the count is the last word, when there is one.
        const words = message.text.split(' ');
        const count = Number.parseInt(words.at(-1)!, 10);
        Object.assign(
          result,
          { command: words[0], affectedRows: WRITES.has(words[0]!) ? count : 0 },
          Number.isNaN(count) ? {} : { rowCount: count },
        );
      }
    }
    return result;
  }

  /** The prepared statement of `text`, parsed and described on first use (with the closing of evicted ones). */
  async #prepare(text: string): Promise<Statement> {
    const known = this.#statements.get(text);
    if (known) {
      // Most recently used last: Map keeps insertion order.
      this.#statements.delete(text);
      this.#statements.set(text, known);
      return known;
    }
    const name = `tessera_${++this.#counter}`;
    const closes = this.#closing.splice(0).map((old) => serialize.close({ type: 'S', name: old }));
    const messages = await this.execProtocolStream(
      concat([...closes, serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    );
    const columns = messages.find((m) => m instanceof pgMessages.RowDescriptionMessage);
    const statement: Statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      fields: columns ? columns.fields.map(({ name: column, dataTypeID }) => ({ name: column, dataTypeID })) : [],
    };
    this.#statements.set(text, statement);
    for (const [oldText, old] of this.#statements) {
      if (this.#statements.size <= MAX_STATEMENTS) break;
      this.#statements.delete(oldText);
      this.#closing.push(old.name);
    }
    return statement;
  }

  /** Drops the prepared statement of `text` (closed with the next one prepared); false if there was none. */
  #forget(text: string): boolean {
    const known = this.#statements.get(text);
    if (!known) return false;
    this.#statements.delete(text);
    this.#closing.push(known.name);
    return true;
  }
}
