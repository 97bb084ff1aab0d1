import { AppError } from '../../platform/errors';
import type { EntitiesService, Who } from '../entities';
import { createAggregateRepo } from './aggregate.repo';
import { ourQuery } from './fields';
import type { Db } from '@tessera/db';

/** The SDK's `aggregate` (docs/base44-sdk.md): the entity service's read rules, one grouped statement. */
export function createAggregateService({ db, entities }: { db: Db; entities: EntitiesService }) {
  const repo = createAggregateRepo(db);
  return {
    async aggregate(who: Who, appId: string, entity: string, spec: unknown) {
      if (typeof spec !== 'object' || spec === null || Array.isArray(spec))
        throw new AppError('VALIDATION_FAILED', 'The body must be an aggregate spec object');
      const body = spec as Record<string, unknown>;
      const { scope, where, fields } = await entities.readable(
        who,
        appId,
        entity,
        JSON.stringify(ourQuery(body.query ?? {})),
      );
      return repo.aggregate(scope, where, fields, body);
    },

    /** One page of the distinct values of `field` among the rows of `q` the caller may read, in order (`v2/list` with `distinct`). */
    async distinct(
      who: Who,
      appId: string,
      entity: string,
      q: string | undefined,
      field: string,
      limit: number,
      skip: number,
    ) {
      const { scope, where, fields } = await entities.readable(who, appId, entity, q);
      const spec = { groupBy: field, count: false, sort: field, limit };
      const { rows, truncated } = await repo.aggregate(scope, where, fields, spec, skip);
      return { values: rows.map((row) => row[field]), hasMore: truncated };
    },
  };
}

export type AggregateService = ReturnType<typeof createAggregateService>;
