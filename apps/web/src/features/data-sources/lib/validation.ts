import { APP_MESSAGES, MESSAGES } from '@tessera/contracts';
import { FILE_ACCEPT } from '@tessera/contracts/context';
import { formatFileSize } from '@tessera/contracts/plans';

/** The upload options of the dialog (docs/product/data-sources.md#screens-and-routes): Items List (CSV), Doc (DOCX), PDF. */
export type UploadKind = 'csv' | 'doc' | 'pdf';

/** How a kind is named in messages ("upload a valid PDF file"). */
export const UPLOAD_KIND_NAMES: Record<UploadKind, string> = { csv: 'CSV', doc: 'DOCX', pdf: 'PDF' };

const EXTENSIONS: Record<UploadKind, string[]> = {
  csv: ['.csv'],
  doc: ['.docx', '.doc'],
  pdf: ['.pdf'],
};

/** The file picker's `accept`: the kind's MIME types (docs/product/data-sources.md#rules-and-messages) and extensions. */
export function acceptAttribute(kind: UploadKind): string {
  return [...FILE_ACCEPT[kind], ...EXTENSIONS[kind]].join(',');
}

/** The message of a file over `maxBytes` (docs/product/data-sources.md#errors, with the limit filled in). */
export function fileTooBigMessage(maxBytes: number): string {
  return MESSAGES.dataSources.fileTooBig.replace('{size}', formatFileSize(maxBytes));
}

/** A pasted text: "Please enter some text" when there is none (docs/product/data-sources.md#rules-and-messages). */
export function validateText(text: string): string | null {
  return text.trim() ? null : MESSAGES.dataSources.emptyText;
}

export interface FileLike {
  name: string;
  type: string;
  size: number;
}

/**
 * True when the file is of the kind: its MIME type is one the spec names (CSV text/csv, PDF
 * application/pdf, Doc msword or docx), or its extension is the kind's when the browser reports a
 * vague type (Windows reports CSVs as application/vnd.ms-excel). The server sniffs the content anyway.
 */
export function isFileOfKind(file: FileLike, kind: UploadKind): boolean {
  if (FILE_ACCEPT[kind].includes(file.type)) return true;
  const name = file.name.toLowerCase();
  return EXTENSIONS[kind].some((ext) => name.endsWith(ext));
}

/** Checks a file before it is uploaded; returns the message to show, or null when it may go. */
export function validateFile(file: FileLike | null | undefined, kind: UploadKind, maxBytes: number): string | null {
  if (!file) return MESSAGES.dataSources.noFile;
  if (!isFileOfKind(file, kind)) return APP_MESSAGES.fileTypeMismatch.replace('{type}', UPLOAD_KIND_NAMES[kind]);
  if (file.size === 0) return APP_MESSAGES.emptyFile;
  if (file.size > maxBytes) return fileTooBigMessage(maxBytes);
  return null;
}

/** The kind a stored item is replaced with: the same kind as its type, or null for items that are not files. */
export function uploadKindOfItemType(type: string): UploadKind | null {
  if (type === 'csv' || type === 'pdf' || type === 'doc') return type;
  return null;
}
