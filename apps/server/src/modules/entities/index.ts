// The entity API of generated apps: schemas, records, queries, CSV import, access rules
// (docs/product/runtime.md#calls).
import type { Platform } from '../../platform/platform';
import { entitiesRoutes, sessionWithEntity } from './entities.routes';
import { createEntitiesService } from './entities.service';
import { createEntitySchemasRepo } from './entity-schemas.repo';
import { createRecordsRepo } from './records.repo';

/** Builds the entities module: the service (other modules read and write records through it) and its routes. */
export function createEntitiesModule({ db, logger }: Platform) {
  const entities = createEntitiesService({
    schemasRepo: createEntitySchemasRepo(db),
    recordsRepo: createRecordsRepo(db),
  });
  return {
    entities,
    routes: entitiesRoutes({ entities, logger }),
    /** Reads the builder's session with the app and entity the path names, in one round trip (auth's identifyUser). */
    sessionWithEntity: sessionWithEntity(entities),
  };
}

export { BULK_MAX_RECORDS, type EntitiesService, type EntityRecord, type Who } from './entities.service';
export { CSV_IMPORT_ROUTE } from './entities.routes';
export { moveRecordField } from './records.repo';
export { createSortIndexes, sortIndexName } from './sort-indexes.repo';
export type { EntityFields } from './record-query';
export type { RecordScope } from './records.repo';
