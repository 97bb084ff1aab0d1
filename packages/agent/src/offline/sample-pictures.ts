/**
 * Pictures for the sample records of image fields: a small SVG drawn from the record's title (its
 * initials over a landscape in colours picked by the title), inlined as a `data:` address. Nothing is
 * asked of another site, so an offline install shows them and a live app tells no one of its visitors.
 */

/** Background, hill and sun colours: light enough for white initials to stay readable on the hills. */
const PALETTES = [
  ['#e0e7ff', '#4f46e5', '#a5b4fc'],
  ['#d1fae5', '#059669', '#6ee7b7'],
  ['#ffedd5', '#ea580c', '#fdba74'],
  ['#fce7f3', '#db2777', '#f9a8d4'],
  ['#cffafe', '#0891b2', '#67e8f9'],
  ['#fef9c3', '#ca8a04', '#fde047'],
  ['#ede9fe', '#7c3aed', '#c4b5fd'],
  ['#f1f5f9', '#475569', '#cbd5e1'],
] as const;

/** A stable, well-spread number from a text (FNV-1a). */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (const ch of text) hash = Math.imul(hash ^ ch.codePointAt(0)!, 0x01000193) >>> 0;
  return hash;
}

/** Up to two initials of a title's words ("Blue Harbour Café" -> "BH"); "?" for a title without letters. */
export function initialsOf(title: string): string {
  const words = title.match(/[\p{L}\p{N}]+/gu) ?? [];
  const initials = words
    .slice(0, 2)
    .map((w) => [...w][0]!.toUpperCase())
    .join('');
  return initials || '?';
}

/** The SVG picture of a sample record, as a `data:image/svg+xml` address (deterministic per title). */
export function samplePicture(title: string): string {
  const hash = hashOf(title);
  const [background, hill, sun] = PALETTES[((hash ^ (hash >>> 16)) >>> 0) % PALETTES.length]!;
  const sunX = 60 + ((hash >>> 3) % 280);
  const peak = 110 + ((hash >>> 9) % 40);
  const svg =
    `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 400 300' role='img'>` +
    `<rect width='400' height='300' fill='${background}'/>` +
    `<circle cx='${sunX}' cy='70' r='36' fill='${sun}'/>` +
    `<path d='M0 300V${peak + 90}L130 ${peak}L230 ${peak + 70}L310 ${peak + 30}L400 ${peak + 100}V300Z' fill='${hill}'/>` +
    `<text x='200' y='250' text-anchor='middle' font-family='system-ui,sans-serif' font-size='64' font-weight='700' fill='#fff'>${initialsOf(title)}</text>` +
    `</svg>`;
  // Initials are letters and digits only; the few characters a data: address must escape are.
  return `data:image/svg+xml,${svg.replace(/[%#<>]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
