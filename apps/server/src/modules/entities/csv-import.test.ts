import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { EntitySchema } from '@tessera/contracts/entities';
import { AppError } from '../../platform/errors';
import { startCsvWorker, type CsvImportEvent } from './csv-import';
import type { CsvWorkerData } from './csv-import.worker';

const schema: EntitySchema = {
  type: 'object',
  properties: { name: { type: 'string' }, price: { type: 'number' } },
  'x-accessControl': { permissions: { read: 'all', write: 'all' } },
};
const data = (more: Partial<CsvWorkerData> = {}): CsvWorkerData => ({
  entity: 'Product',
  schema,
  mappings: null,
  idKey: null,
  contentKey: 'app\nProduct\nowner\n',
  batchRows: 100,
  maxRows: 1_000_000,
  errorsKept: 20,
  maxAhead: 2,
  ...more,
});

/** A CSV of `rows` rows made as it is read, counting the bytes handed out. */
function generatedCsv(
  rows: number,
  { failAfterBytes, failWhen = Promise.resolve() }: { failAfterBytes?: number; failWhen?: Promise<void> } = {},
) {
  let row = 0;
  const counter = { bytes: 0 };
  const stream = new Readable({
    read() {
      if (failAfterBytes !== undefined && counter.bytes >= failAfterBytes) {
        void failWhen.then(() => this.destroy(new Error('upload cut off')));
        return;
      }
      if (row >= rows) {
        this.push(null);
        return;
      }
      let text = row === 0 ? 'name,price\n' : '';
      for (let i = 0; i < 200 && row < rows; i++) text += `Item ${row++},${row}\n`;
      counter.bytes += text.length;
      this.push(Buffer.from(text));
    },
  });
  return { stream, counter };
}

async function drain(parsed: ReturnType<typeof startCsvWorker>) {
  const events: CsvImportEvent[] = [];
  for (;;) {
    const event = await parsed.next();
    events.push(event);
    if (event.type === 'done') return events;
    parsed.ack();
  }
}

describe('startCsvWorker', () => {
  it('reads the upload only as fast as batches are acknowledged', async () => {
    const { stream, counter } = generatedCsv(100_000);
    const parsed = startCsvWorker(stream, data());
    try {
      const first = await parsed.next();
      expect(first).toMatchObject({ type: 'batch', rows: 100 });
      // Wait until the worker stops asking for input (or has read everything).
      for (let last = -1, stable = 0; stable < 3 && counter.bytes < 1_800_000;) {
        await sleep(100);
        stable = counter.bytes === last ? stable + 1 : 0;
        last = counter.bytes;
      }
      // Without acknowledgements the worker stops parsing and the upload is read no further than
      // the input sent ahead (512 kB) and the streams' small buffers: not the ~1.7 MB file.
      expect(counter.bytes).toBeLessThan(700_000);
      parsed.ack();
      const events = await drain(parsed);
      expect(events.at(-1)).toEqual({ type: 'done', total: 100_000, failed: 0, errors: [] });
      expect(
        events
          .filter((e) => e.type === 'batch')
          .reduce((n, e) => n + (e.type === 'batch' ? e.rows : 0), first.type === 'batch' ? first.rows : 0),
      ).toBe(100_000);
    } finally {
      await parsed.stop();
    }
  });

  it('hands out the batches parsed before the upload broke off, then its error', async () => {
    let firstBatch = () => {};
    const { stream } = generatedCsv(100_000, {
      failAfterBytes: 50_000,
      failWhen: new Promise<void>((resolve) => (firstBatch = resolve)),
    });
    const parsed = startCsvWorker(stream, data());
    let rows = 0;
    try {
      await expect(
        (async () => {
          for (;;) {
            const event = await parsed.next();
            if (event.type === 'batch') rows += event.rows;
            firstBatch();
            parsed.ack();
          }
        })(),
      ).rejects.toThrow('upload cut off');
      // Whole batches only, and nothing past the break (50 kB is ~3,000 rows).
      expect(rows).toBeGreaterThan(0);
      expect(rows % 100).toBe(0);
      expect(rows).toBeLessThan(3500);
    } finally {
      await parsed.stop();
    }
  });

  it("rejects with the worker's AppError", async () => {
    const parsed = startCsvWorker(Readable.from([Buffer.from('name\na\nb\nc\n')]), data({ maxRows: 2 }));
    try {
      const error = await drain(parsed).catch((err: unknown) => err);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: 'VALIDATION_FAILED', message: 'At most 2 rows per import' });
    } finally {
      await parsed.stop();
    }
  });

  it('rejects when the worker crashes', async () => {
    // A schema without properties makes the worker throw a TypeError on the first row.
    const parsed = startCsvWorker(Readable.from([Buffer.from('name\na\n')]), data({ schema: {} as EntitySchema }));
    try {
      const error = await drain(parsed).catch((err: unknown) => err);
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(AppError);
    } finally {
      await parsed.stop();
    }
  });
});
