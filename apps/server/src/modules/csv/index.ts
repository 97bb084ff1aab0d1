// The CSV mapping suggestion for the Database panel's import (pure rules, no storage).
import type { SignedIn } from '../../platform/http/signed-in';
import { csvRoutes } from './csv.routes';
import { createCsvService } from './csv.service';

/** Builds the CSV module: its one route. */
export function createCsvModule({ signedIn }: { signedIn: SignedIn }) {
  return { routes: csvRoutes({ csv: createCsvService(), signedIn }) };
}

/** How well a CSV header matches a field name: the tool batches' column mapping scores with it too. */
export { headerScore } from './csv-mapping';
