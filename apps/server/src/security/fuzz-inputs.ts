/**
 * Random inputs for the HTTP fuzz suite (fuzz.int.test.ts): hostile strings, numbers at the edges,
 * JSON texts with prototype keys and deep nesting, and valid-looking bodies derived from the zod
 * contracts. Bodies are built as JSON text, so a key such as `__proto__` stays an ordinary key.
 */
import fc from 'fast-check';
import type { z } from 'zod';
import { CONTRACT_EXPORTS } from '@tessera/contracts/all';

/** Keys that reach Object.prototype when a plain object is indexed by them. */
export const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'] as const;
export const INHERITED_KEYS = ['toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', '__defineGetter__'];

/** `depth` levels of arrays or objects around a value, as JSON text (5,000 deep trips recursive code). */
export const deepJson = (depth: number, kind: 'array' | 'object', inner = '1') =>
  kind === 'array'
    ? `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}${inner}${'}'.repeat(depth)}`;

/** A dotted path of `segments` segments under `head` (a q or sort path far past any sane length). */
export const longPath = (head: string, segments: number) => `${head}${'.a'.repeat(segments - 1)}`;

export const edgeNumber = fc.constantFrom(
  0,
  -0,
  1,
  -1,
  0.1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  1e21,
  1e308,
  -1e308,
  5e-324,
  Number.MAX_VALUE,
);
/** Number spellings JSON.stringify cannot make: overflow, huge integers, exponents. */
const edgeNumberText = fc.constantFrom('1e400', '-1e400', '123456789012345678901234567890', '1E-400', '-0.0', '0e0');

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(...PROTO_KEYS, ...INHERITED_KEYS),
  fc.string({ maxLength: 10 }).map((s) => `${s}\u0000${s}`),
  fc.constantFrom('\u0000', '\ud800', 'a\udfffb', '\uffff', '💥'.repeat(50), 'ǅ\u0301\u200d'),
  fc.constantFrom('', ' ', '../../etc/passwd', '%00', '%', '%E0%A4%A', '$where', '$gt', "'; DROP TABLE x; --"),
  fc.constantFrom('x'.repeat(70_000), 'é'.repeat(5_000), longPath('meta', 4_900), longPath('__proto__', 3)),
  fc.constantFrom('true', 'null', '-1', '1e999', 'NaN', '2026-02-30T25:61:00Z', '0001-01-01', 'not@an@email'),
  fc.uuid().map(String),
);

/** Object keys: prototype and inherited names, operators, dotted paths, hostile text, the test entity's fields. */
export const nastyKey: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...PROTO_KEYS, ...INHERITED_KEYS) },
  { weight: 3, arbitrary: fc.constantFrom('title', 'done', 'estimate', 'due', 'tags', 'meta', 'meta.city', 'id') },
  { weight: 1, arbitrary: fc.constantFrom('$and', '$or', '$gt', '$in', '$regex', '$options', '$ne', '$where') },
  { weight: 2, arbitrary: nastyString },
);

const scalarText: fc.Arbitrary<string> = fc.oneof(
  nastyString.map((s) => JSON.stringify(s)),
  edgeNumber.map((n) => JSON.stringify(n)),
  edgeNumberText,
  fc.constantFrom('true', 'false', 'null'),
);

/** Any JSON text, with hostile keys at every level. */
export const jsonText: fc.Arbitrary<string> = fc.letrec<{ value: string; list: string; object: string }>((tie) => ({
  value: fc.oneof({ depthSize: 'small', maxDepth: 5 }, scalarText, tie('list'), tie('object')),
  list: fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
  object: fc
    .array(fc.tuple(nastyKey, tie('value')), { maxLength: 5 })
    .map((pairs) => `{${pairs.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`),
})).value;

/** Adds `"key": value` in front of a JSON object's text (any other text is returned as it is). */
export const withKey = (json: string, key: string, value: string) =>
  json.startsWith('{') ? `{${JSON.stringify(key)}:${value}${json.trim() === '{}' ? '}' : `,${json.slice(1)}`}` : json;

type ZodDef = { type: string; [k: string]: any };
const defOf = (schema: unknown): ZodDef => (schema as { _zod: { def: ZodDef } })._zod.def;

/** A value shaped like `schema` (mostly valid, sometimes hostile in its strings and numbers). */
export function fromZod(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (s: unknown) => fromZod(s, depth + 1);
  switch (def.type) {
    case 'string':
      return fc.oneof(fc.string({ maxLength: 20 }), fc.emailAddress(), fc.webUrl(), nastyString);
    case 'number':
    case 'int':
      return fc.oneof(fc.integer({ min: -5, max: 100 }), edgeNumber);
    case 'boolean':
      return fc.boolean();
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return fc.oneof({ weight: 4, arbitrary: inner(def.innerType) }, { weight: 1, arbitrary: fc.constant(null) });
    case 'pipe':
      return inner(def.in);
    case 'lazy':
      return depth > 3 ? fc.constant(null) : inner(def.getter());
    case 'array':
      return depth > 3 ? fc.constant([]) : fc.array(inner(def.element), { maxLength: 3 });
    case 'record':
      return depth > 3
        ? fc.constant({})
        : fc.dictionary(fc.string({ maxLength: 8 }), inner(def.valueType), { maxKeys: 3 });
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map(inner));
    case 'object':
      return fc.record(Object.fromEntries(Object.entries(def.shape as object).map(([k, s]) => [k, inner(s)])));
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Every object schema the contracts export (request and response bodies alike). */
const CONTRACT_SCHEMAS = CONTRACT_EXPORTS.filter(
  ([name, value]) => name.endsWith('Schema') && typeof value === 'object' && value !== null && '_zod' in value,
)
  .filter(([, value]) => ['object', 'pipe'].includes(defOf(value).type))
  .map(([, value]) => value as z.ZodType);

/** A valid-looking body of one of the contracts, JSON text. */
export const contractBody: fc.Arbitrary<string> = fc
  .constantFrom(...CONTRACT_SCHEMAS)
  .chain((schema) => fromZod(schema))
  .map((value) => JSON.stringify(value) ?? 'null');

/** A record of the fuzzed entity: its own fields with plausible or hostile values. */
const taskRecord: fc.Arbitrary<string> = fc
  .record(
    {
      title: fc.oneof(fc.string({ maxLength: 20 }), nastyString),
      done: fc.oneof(fc.boolean(), fc.constantFrom('true', '1', 'no')),
      estimate: fc.oneof(edgeNumber, fc.constantFrom('2', ' 3 ', 'x')),
      due: fc.oneof(
        fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
        nastyString,
      ),
      tags: fc.array(nastyString, { maxLength: 3 }),
      meta: fc.jsonValue({ maxDepth: 3 }),
    },
    { requiredKeys: [] },
  )
  .map((record) => JSON.stringify(record));

/** Entity schemas naming an entity or a field after a prototype key: as saved alone and in a whole app. */
const entityBody: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(...PROTO_KEYS, 'Task', 'toString'), fc.constantFrom(...PROTO_KEYS, 'title', 'valueOf'))
  .chain(([entity, field]) => {
    const schema = `{"properties":{${JSON.stringify(field)}:{"type":"string"}},"required":[${JSON.stringify(field)}]}`;
    return fc.constantFrom(
      `{"schema":${schema}}`,
      `{"appType":"generated","genApp":{"name":"Fuzz","entities":{${JSON.stringify(entity)}:${schema}}}}`,
      `{"headers":["a"],"entityName":${JSON.stringify(entity)},"schema":${schema}}`,
    );
  });

/** A request body as text: any JSON, contract-shaped, entity records, poisoned, deep, huge or broken. */
export const bodyText: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 3, arbitrary: jsonText },
  { weight: 3, arbitrary: contractBody },
  { weight: 3, arbitrary: taskRecord },
  { weight: 1, arbitrary: entityBody },
  {
    weight: 4,
    arbitrary: fc
      .tuple(fc.oneof(taskRecord, contractBody), fc.constantFrom(...PROTO_KEYS, ...INHERITED_KEYS), jsonText)
      .map(([json, key, value]) => withKey(json, key, value)),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.integer({ min: 60, max: 6_000 }), fc.constantFrom('array' as const, 'object' as const), fc.boolean())
      .map(([depth, kind, asField]) =>
        asField ? `{"title":"deep","meta":${deepJson(depth, kind)}}` : deepJson(depth, kind),
      ),
  },
  { weight: 1, arbitrary: taskRecord.map((r) => `[${r},${r}]`) },
  { weight: 1, arbitrary: fc.constantFrom(`{"title":"${'x'.repeat(1_000_000)}"}`, '{"title":"a\\u0000b"}') },
  { weight: 1, arbitrary: fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('{', '{"a":}', 'nul', '')) },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

/** A `q` filter as text: random JSON, operators on fields, prototype paths, deep or long paths. */
export const qText: fc.Arbitrary<string> = fc.oneof(
  jsonText,
  fc
    .tuple(nastyKey, fc.constantFrom('$eq', '$ne', '$gt', '$in', '$regex', '$exists'), scalarText)
    .map(([key, op, value]) => `{${JSON.stringify(key)}:{"${op}":${op === '$in' ? `[${value}]` : value}}}`),
  fc.constantFrom(
    `{"${longPath('meta', 4_900)}":1}`,
    `{"${longPath('meta', 200)}":{"$gt":1}}`,
    '{"__proto__":{"polluted":1}}',
    '{"constructor":{"prototype":{"polluted":1}}}',
    '{"meta.__proto__.polluted":1}',
    '{"toString":1}',
    `{"title":"a\\u0000"}`,
    deepJson(5_000, 'object'),
    `{"$and":[${'{"$or":['.repeat(50)}{}${']}'.repeat(50)}]}`,
  ),
);
