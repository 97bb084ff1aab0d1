import { APP_CHAT_HIDDEN_ENTITY } from '@tessera/contracts/app-chat';
import { type RetrievedChunk } from '@tessera/contracts/context';
import { AppError } from '../../platform/errors';
import type { EntitiesService, EntityRecord, Who } from '../entities';

/** Records read per entity to choose from, and kept per entity for the answer. */
const RECORDS_READ = 200;
const RECORDS_KEPT = 10;
const VALUE_CHARS = 300;
/** Fields of a record the assistant never sees (ids say nothing to an end user). */
const HIDDEN_FIELDS = new Set(['id', 'creatorId', 'updatedAt']);

const wordsOf = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []);

function lineOf(entity: string, record: EntityRecord): string {
  const parts = Object.entries(record)
    .filter(([k, v]) => !HIDDEN_FIELDS.has(k) && v !== null && v !== undefined && v !== '')
    .map(([k, v]) => `${k}: ${(typeof v === 'string' ? v : JSON.stringify(v)).slice(0, VALUE_CHARS)}`);
  return `${entity} — ${parts.join('; ')}.`;
}

/**
 * The app's records this caller may read, as context for the assistant (docs/product/app-chat.md#rules-and-messages):
 * each entity is listed through the entity API's own access rules for the caller (an end user gets
 * only what the entity's read level gives them, a visitor only public entities), so nothing reaches
 * the prompt that the caller could not list themselves. Per entity, the records sharing most words
 * with the question (all of them when the question names the entity), newest first, up to ten.
 */
export async function readableRecords(
  deps: { entities: Pick<EntitiesService, 'list'>; entityNames: (appId: string) => Promise<string[]> },
  appId: string,
  who: Who,
  question: string,
): Promise<RetrievedChunk[]> {
  const asked = wordsOf(question);
  const names = (await deps.entityNames(appId)).filter((n) => n !== APP_CHAT_HIDDEN_ENTITY);
  const chunks = await Promise.all(
    names.map(async (entity): Promise<RetrievedChunk | null> => {
      let records: EntityRecord[];
      try {
        records = await deps.entities.list(who, appId, entity, { limit: String(RECORDS_READ) });
      } catch (err) {
        if (err instanceof AppError && ['UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND'].includes(err.code)) return null;
        throw err;
      }
      const namesEntity = [...wordsOf(entity)].some((w) => asked.has(w) || asked.has(`${w}s`));
      const scored = records
        .map((record, index) => {
          const line = lineOf(entity, record);
          const score = namesEntity ? 1 : [...wordsOf(line)].filter((w) => asked.has(w)).length;
          return { line, score, index };
        })
        .filter((r) => r.score > 0)
        .sort((a, b) => b.score - a.score || a.index - b.index)
        .slice(0, RECORDS_KEPT);
      if (!scored.length) return null;
      return {
        chunkId: `records:${entity}`,
        content: scored.map((r) => r.line).join('\n'),
        score: 1,
        contextItem: { id: `records:${entity}`, name: `${entity} records`, type: 'txt' },
      };
    }),
  );
  return chunks.filter((c): c is RetrievedChunk => c !== null);
}
