import {
  parseEntitySchema,
  type GenerateMappingRequest,
  type GenerateMappingResponse,
} from '@tessera/contracts/entities';
import { AppError } from '../../platform/errors';
import { suggestCsvMapping } from './csv-mapping';

/** CSV helpers of the import wizard: mapping suggestions from the offline mapping model. */
export function createCsvService() {
  return {
    generateMapping(req: GenerateMappingRequest): GenerateMappingResponse {
      const schema = parseEntitySchema(req.entityName, req.schema);
      if (!schema.ok) throw new AppError('VALIDATION_FAILED', schema.error);
      return { mappings: suggestCsvMapping(req.headers, schema.value, req.previewData) };
    },
  };
}

export type CsvService = ReturnType<typeof createCsvService>;
