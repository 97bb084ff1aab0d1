/**
 * Reads a zip's central directory without inflating or parsing anything else: cheap enough to run on
 * the main thread before a zip library builds an object per entry (60,000 empty entries fit in 5 MB
 * and took that library seconds to parse).
 */

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_END_OF_DIRECTORY = 0x06064b50;
const DIRECTORY_ENTRY = 0x02014b50;
/** The end record is 22 bytes, followed by a comment of at most 65,535. */
const END_SEARCH_BYTES = 22 + 0xffff;

/**
 * How many file entries (not folders) the zip's central directory lists, counting no further than
 * `stopAbove + 1`; null when the bytes hold no readable central directory (not a zip).
 */
export function countZipFiles(bytes: Uint8Array, stopAbove: number): number | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - END_SEARCH_BYTES); i--) {
    if (view.getUint32(i, true) === END_OF_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  let entries = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  if ((entries === 0xffff || offset === 0xffffffff) && end >= 20 && view.getUint32(end - 20, true) === ZIP64_LOCATOR) {
    const zip64End = Number(view.getBigUint64(end - 12, true));
    if (zip64End + 56 > bytes.length || view.getUint32(zip64End, true) !== ZIP64_END_OF_DIRECTORY) return null;
    entries = Number(view.getBigUint64(zip64End + 32, true));
    offset = Number(view.getBigUint64(zip64End + 48, true));
  }
  let files = 0;
  for (let n = 0; n < entries && files <= stopAbove; n++) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== DIRECTORY_ENTRY) return null;
    const nameLength = view.getUint16(offset + 28, true);
    const next = offset + 46 + nameLength + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true);
    if (next > bytes.length) return null;
    if (nameLength === 0 || bytes[offset + 46 + nameLength - 1] !== 0x2f) files++;
    offset = next;
  }
  return files;
}
