import { createHash } from 'node:crypto';
import type { drizzleAdapter } from 'better-auth/adapters/drizzle';

type AdapterFactory = ReturnType<typeof drizzleAdapter>;
type Adapter = ReturnType<AdapterFactory>;
type TransactionAdapter = Parameters<Parameters<Adapter['transaction']>[0]>[0];
type Where = NonNullable<Parameters<Adapter['findMany']>[0]['where']>[number];

/**
 * How a session token is stored: SHA-256, base64url without padding (the form better-auth gives
 * hashed verification identifiers). A copy of the session table does not sign anyone in.
 */
export const hashSessionToken = (token: string) => createHash('sha256').update(token).digest('base64url');

const SESSION = 'session';
const TOKEN = 'token';

/** The where clauses with session tokens hashed, and the plain token of each hash they name. */
function hashedWhere(where: Where[] | undefined): { where: Where[] | undefined; plain: Map<string, string> } {
  const plain = new Map<string, string>();
  const hash = (value: unknown) => {
    if (typeof value !== 'string') return value;
    const hashed = hashSessionToken(value);
    plain.set(hashed, value);
    return hashed;
  };
  const hashedClauses = where?.map((clause) => {
    if (clause.field !== TOKEN) return clause;
    const value = Array.isArray(clause.value) ? clause.value.map(hash) : hash(clause.value);
    return { ...clause, value } as Where;
  });
  return { where: hashedClauses, plain };
}

/** A session row read back with the token its caller knows (better-auth signs and compares it). */
function withPlainToken<T>(row: T, plain: Map<string, string>): T {
  if (!row || typeof row !== 'object') return row;
  const token = (row as { token?: unknown }).token;
  if (typeof token !== 'string' || !plain.has(token)) return row;
  return { ...row, token: plain.get(token) };
}

function wrap<A extends TransactionAdapter>(adapter: A): A {
  return {
    ...adapter,
    async create(data) {
      if (data.model !== SESSION || typeof data.data[TOKEN] !== 'string') return adapter.create(data);
      const token = data.data[TOKEN] as string;
      const row = await adapter.create({ ...data, data: { ...data.data, [TOKEN]: hashSessionToken(token) } });
      return withPlainToken(row, new Map([[hashSessionToken(token), token]]));
    },
    async findOne(data) {
      if (data.model !== SESSION) return adapter.findOne(data);
      const { where, plain } = hashedWhere(data.where);
      return withPlainToken(await adapter.findOne({ ...data, where: where! }), plain);
    },
    async findMany(data) {
      if (data.model !== SESSION) return adapter.findMany(data);
      const { where, plain } = hashedWhere(data.where);
      return (await adapter.findMany({ ...data, where })).map((row) => withPlainToken(row, plain));
    },
    async count(data) {
      return adapter.count(data.model === SESSION ? { ...data, where: hashedWhere(data.where).where } : data);
    },
    async update(data) {
      if (data.model !== SESSION) return adapter.update(data);
      const { where, plain } = hashedWhere(data.where);
      return withPlainToken(await adapter.update({ ...data, where: where! }), plain);
    },
    async updateMany(data) {
      return adapter.updateMany(data.model === SESSION ? { ...data, where: hashedWhere(data.where).where! } : data);
    },
    async delete(data) {
      return adapter.delete(data.model === SESSION ? { ...data, where: hashedWhere(data.where).where! } : data);
    },
    async deleteMany(data) {
      return adapter.deleteMany(data.model === SESSION ? { ...data, where: hashedWhere(data.where).where! } : data);
    },
    async consumeOne(data) {
      if (data.model !== SESSION) return adapter.consumeOne(data);
      const { where, plain } = hashedWhere(data.where);
      return withPlainToken(await adapter.consumeOne({ ...data, where: where! }), plain);
    },
    async incrementOne(data) {
      if (data.model !== SESSION) return adapter.incrementOne(data);
      const { where, plain } = hashedWhere(data.where);
      return withPlainToken(await adapter.incrementOne({ ...data, where: where! }), plain);
    },
  } as A;
}

/**
 * Wraps better-auth's database adapter so session tokens are stored hashed: written as their hash,
 * looked up, updated and deleted by it, and handed back to better-auth as the token it asked for.
 * Rows read by anything else (a user's session list) carry the hash, which opens nothing: the
 * endpoints that hand such rows to clients are disabled (auth.ts).
 */
export function withHashedSessionTokens(factory: AdapterFactory): AdapterFactory {
  return (options) => {
    const adapter = factory(options);
    return {
      ...wrap(adapter),
      transaction: (callback) => adapter.transaction((trx) => callback(wrap(trx))),
    };
  };
}
