import { describe, expect, it } from 'vitest';
import { acceptAttribute, isFileOfKind, uploadKindOfItemType, validateFile, validateText } from './validation';

const MB = 1024 * 1024;
const file = (name: string, type: string, size = 100) => ({ name, type, size });

describe('validateText', () => {
  it('refuses empty or blank text with the spec message', () => {
    expect(validateText('')).toBe('Please enter some text');
    expect(validateText(' \n\t ')).toBe('Please enter some text');
    expect(validateText('Opening hours: 9-5')).toBeNull();
  });
});

describe('validateFile', () => {
  it('asks for a file when there is none', () => {
    expect(validateFile(null, 'csv', 5 * MB)).toBe('Please upload a file');
    expect(validateFile(undefined, 'pdf', 5 * MB)).toBe('Please upload a file');
  });

  it('takes the MIME types of docs/product/data-sources.md#rules-and-messages', () => {
    expect(validateFile(file('a.csv', 'text/csv'), 'csv', 5 * MB)).toBeNull();
    expect(validateFile(file('a', 'application/pdf'), 'pdf', 5 * MB)).toBeNull();
    expect(validateFile(file('a.doc', 'application/msword'), 'doc', 5 * MB)).toBeNull();
    expect(
      validateFile(
        file('a.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
        'doc',
        5 * MB,
      ),
    ).toBeNull();
  });

  it('takes the extension when the browser reports a vague type', () => {
    expect(isFileOfKind(file('prices.CSV', 'application/vnd.ms-excel'), 'csv')).toBe(true);
    expect(isFileOfKind(file('report.pdf', ''), 'pdf')).toBe(true);
  });

  it('refuses another type, naming the expected one', () => {
    expect(validateFile(file('notes.txt', 'text/plain'), 'pdf', 5 * MB)).toBe(
      'The file content does not match its type, upload a valid PDF file',
    );
    expect(validateFile(file('a.pdf', 'application/pdf'), 'csv', 5 * MB)).toBe(
      'The file content does not match its type, upload a valid CSV file',
    );
    expect(validateFile(file('a.png', 'image/png'), 'doc', 5 * MB)).toBe(
      'The file content does not match its type, upload a valid DOCX file',
    );
  });

  it('refuses an empty file and one over the plan limit', () => {
    expect(validateFile(file('a.csv', 'text/csv', 0), 'csv', 5 * MB)).toBe('The file is empty');
    expect(validateFile(file('a.csv', 'text/csv', 5 * MB + 1), 'csv', 5 * MB)).toBe(
      'Failed to upload context, file size is too big (max 5 MB)',
    );
    expect(validateFile(file('a.csv', 'text/csv', 5 * MB), 'csv', 5 * MB)).toBeNull();
  });
});

describe('acceptAttribute and uploadKindOfItemType', () => {
  it('lists the MIME types and extensions of a kind', () => {
    expect(acceptAttribute('pdf')).toBe('application/pdf,.pdf');
    expect(acceptAttribute('csv')).toBe('text/csv,.csv');
  });

  it('replaces file items with the same kind only', () => {
    expect(uploadKindOfItemType('csv')).toBe('csv');
    expect(uploadKindOfItemType('doc')).toBe('doc');
    expect(uploadKindOfItemType('web_page')).toBeNull();
    expect(uploadKindOfItemType('txt')).toBeNull();
  });
});
