import { createHash } from 'node:crypto';
import { CHUNK_OVERLAP, CHUNK_SIZE } from '@tessera/contracts/context';

interface Separator {
  /** Where to cut. */
  split: RegExp;
  /** What goes back between pieces merged into one chunk. */
  join: string;
}

/** Natural boundaries, coarsest first: paragraph, line, sentence, word. */
const SEPARATORS: Separator[] = [
  { split: /\n\s*\n/, join: '\n\n' },
  { split: /\n/, join: '\n' },
  { split: /(?<=[.!?;:])\s+/, join: ' ' },
  { split: /\s+/, join: ' ' },
];

export interface ChunkOptions {
  size?: number;
  overlap?: number;
}

/**
 * Splits text into chunks of at most `size` characters that overlap by up to `overlap`, cutting on
 * the coarsest natural boundary that fits (paragraph, then line, sentence, word; a single word longer
 * than a chunk is cut by characters). docs/product/data-sources.md#limits: 1000 / 200.
 */
export function chunkText(text: string, { size = CHUNK_SIZE, overlap = CHUNK_OVERLAP }: ChunkOptions = {}): string[] {
  const normalised = text.replace(/\r\n?/g, '\n').trim();
  if (!normalised) return [];
  return splitRecursive(normalised, 0, size, Math.min(overlap, size - 1)).filter((c) => c.trim().length > 0);
}

function splitRecursive(text: string, level: number, size: number, overlap: number): string[] {
  if (text.length <= size) return [text.trim()];
  if (level >= SEPARATORS.length) return hardSplit(text, size, overlap);
  const sep = SEPARATORS[level]!;
  const pieces = text.split(sep.split).filter((p) => p.trim().length > 0);
  if (pieces.length <= 1) return splitRecursive(text, level + 1, size, overlap);
  const out: string[] = [];
  let fitting: string[] = [];
  const flush = () => {
    if (fitting.length) out.push(...merge(fitting, sep.join, size, overlap));
    fitting = [];
  };
  for (const piece of pieces) {
    if (piece.length <= size) fitting.push(piece.trim());
    else {
      flush();
      out.push(...splitRecursive(piece, level + 1, size, overlap));
    }
  }
  flush();
  return out;
}

/** Greedily packs pieces into chunks; each new chunk starts with the tail of the last one (≤ overlap). */
function merge(pieces: string[], join: string, size: number, overlap: number): string[] {
  const chunks: string[] = [];
  const current: string[] = [];
  let length = 0;
  const lengthWith = (extra: number) => length + extra + (current.length ? join.length : 0);
  for (const piece of pieces) {
    if (current.length && lengthWith(piece.length) > size) {
      chunks.push(current.join(join));
      // Keep the last pieces as overlap while they fit both the overlap and the next chunk.
      while (current.length && (length > overlap || lengthWith(piece.length) > size)) {
        length -= current[0]!.length + (current.length > 1 ? join.length : 0);
        current.shift();
      }
    }
    length = lengthWith(piece.length);
    current.push(piece);
  }
  if (current.length) chunks.push(current.join(join));
  return chunks;
}

function hardSplit(text: string, size: number, overlap: number): string[] {
  const chunks: string[] = [];
  const step = size - overlap;
  for (let start = 0; start < text.length; start += step) {
    chunks.push(text.slice(start, start + size));
    if (start + size >= text.length) break;
  }
  return chunks;
}

/** A short stable hash of text: chunk identity for re-syncs without duplicates. */
export function contentHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 32);
}
