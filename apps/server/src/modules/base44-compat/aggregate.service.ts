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
  };
}

export type AggregateService = ReturnType<typeof createAggregateService>;
