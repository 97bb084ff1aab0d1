import { contentWords } from './sentences';

interface QuoteLike {
  text: string;
}

type Schema = Record<string, unknown>;

const typeOf = (schema: Schema): string | undefined => {
  const t = schema.type;
  if (typeof t === 'string') return t;
  if (Array.isArray(t)) return t.find((x) => x !== 'null') as string | undefined;
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  if (Array.isArray(schema.enum)) return 'enum';
  return undefined;
};

/** The quote sharing most words with a property's name and description; the best quote when none does. */
function quoteFor(name: string, schema: Schema, quotes: QuoteLike[]): QuoteLike | undefined {
  const words = new Set(
    contentWords(
      `${name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_-]/g, ' ')} ${String(schema.description ?? '')}`,
    ),
  );
  let best: QuoteLike | undefined;
  let bestHits = 0;
  for (const q of quotes) {
    const hits = contentWords(q.text).filter((w) => words.has(w)).length;
    if (hits > bestHits) [best, bestHits] = [q, hits];
  }
  return best ?? quotes[0];
}

const NUMBER = /-?\d+(?:[.,]\d+)?/;

/** A number written in the quote (preferring one in a quote about the property), else null. */
function numberFor(name: string, schema: Schema, quotes: QuoteLike[]): number | null {
  const withNumbers = quotes.filter((q) => NUMBER.test(q.text));
  const q = quoteFor(name, schema, withNumbers);
  const match = q ? NUMBER.exec(q.text) : null;
  if (!match) return null;
  const value = Number(match[0].replace(',', '.'));
  if (!Number.isFinite(value)) return null;
  return typeOf(schema) === 'integer' ? Math.trunc(value) : value;
}

/**
 * Fills a JSON Schema from quoted sentences only: text properties get the quote about them, numbers a
 * number written in a quote, enums a listed value the quotes name, arrays one entry per quote. What
 * the quotes do not say stays null (or empty): nothing is made up to satisfy the schema.
 */
export function fillJsonSchema(schema: Schema, quotes: QuoteLike[], name = ''): unknown {
  switch (typeOf(schema)) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const out: Record<string, unknown> = {};
      for (const [key, sub] of Object.entries(properties)) {
        if (key === '__proto__' || typeof sub !== 'object' || sub === null) continue;
        out[key] = fillJsonSchema(sub, quotes, key);
      }
      return out;
    }
    case 'array': {
      const items = (typeof schema.items === 'object' && schema.items !== null ? schema.items : {}) as Schema;
      const itemType = typeOf(items);
      if (itemType === 'object') return quotes.map((q) => fillJsonSchema(items, [q], name));
      if (itemType === 'number' || itemType === 'integer')
        return quotes.map((q) => numberFor(name, items, [q])).filter((n) => n !== null);
      return quotes.map((q) => q.text);
    }
    case 'number':
    case 'integer':
      return numberFor(name, schema, quotes);
    case 'boolean':
      // A yes or no is a judgement the quotes do not make on their own.
      return null;
    case 'enum':
    default: {
      if (Array.isArray(schema.enum)) {
        const text = quotes.map((q) => q.text.toLowerCase()).join(' ');
        return schema.enum.find((v) => typeof v === 'string' && text.includes(v.toLowerCase())) ?? null;
      }
      if (!quotes.length) return null;
      return name ? (quoteFor(name, schema, quotes)?.text ?? null) : quotes.map((q) => q.text).join(' ');
    }
  }
}
