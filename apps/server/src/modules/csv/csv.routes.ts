import { Hono, type MiddlewareHandler } from 'hono';
import { GenerateMappingRequestSchema } from '@tessera/contracts/entities';
import { readJson } from '../../platform/http/validate';
import type { AuthVariables } from '../auth';
import type { CsvService } from './csv.service';

export function csvRoutes({
  csv,
  signedIn,
}: {
  csv: CsvService;
  signedIn: MiddlewareHandler<{ Variables: AuthVariables }>;
}) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.post('/api/csv/generateMapping', signedIn, async (c) =>
    c.json(csv.generateMapping(await readJson(c, GenerateMappingRequestSchema))),
  );
  return app;
}
