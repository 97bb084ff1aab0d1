import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/api';
import { serverMessageOr, upgradeReasonOf, uploadErrorMessage } from './errors';

const MB = 1024 * 1024;

describe('uploadErrorMessage (docs/product/data-sources.md#errors)', () => {
  it('names the limit on a 400 with code file-too-big', () => {
    expect(
      uploadErrorMessage(
        new ApiError(400, 'file-too-big', 'Failed to upload context, file size is too big (max 10 MB)'),
        'pdf',
        5 * MB,
      ),
    ).toBe('Failed to upload context, file size is too big (max 10 MB)');
    expect(
      uploadErrorMessage(new ApiError(400, 'file-too-big', 'too big', { maxFileSizeBytes: 10 * MB }), 'pdf', 5 * MB),
    ).toBe('Failed to upload context, file size is too big (max 10 MB)');
    expect(
      uploadErrorMessage(new ApiError(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large'), 'doc', 5 * MB),
    ).toBe('Failed to upload context, file size is too big (max 5 MB)');
  });

  it('asks for headers and rows on any other 400 of a CSV', () => {
    expect(
      uploadErrorMessage(new ApiError(400, 'BAD_REQUEST', 'No text could be found in this file'), 'csv', 5 * MB),
    ).toBe('Failed to upload context, make sure your CSV file has column headers and a few rows');
  });

  it("shows the server's message on another 400", () => {
    expect(
      uploadErrorMessage(new ApiError(400, 'BAD_REQUEST', 'No text could be found in this file'), 'pdf', 5 * MB),
    ).toBe('No text could be found in this file');
  });

  it('falls back to the generic message for anything else', () => {
    expect(uploadErrorMessage(new ApiError(500, 'INTERNAL', 'boom'), 'pdf', 5 * MB)).toBe(
      'Failed to upload context, try again later',
    );
    expect(uploadErrorMessage(new ApiError(0, 'NETWORK', 'offline'), 'csv', 5 * MB)).toBe(
      'Failed to upload context, try again later',
    );
    expect(uploadErrorMessage(new Error('x'), 'doc', 5 * MB)).toBe('Failed to upload context, try again later');
  });
});

describe('serverMessageOr', () => {
  it("prefers the server's message on a refusal, the fallback otherwise", () => {
    expect(serverMessageOr(new ApiError(400, 'BAD_REQUEST', 'Please enter some text'), 'Error saving data')).toBe(
      'Please enter some text',
    );
    expect(serverMessageOr(new ApiError(503, 'INTERNAL', 'down'), 'Error saving data')).toBe('Error saving data');
    expect(serverMessageOr(new ApiError(401, 'UNAUTHORIZED', 'Please sign in'), 'Error saving data')).toBe(
      'Error saving data',
    );
    expect(serverMessageOr(new Error('x'), 'Error saving data')).toBe('Error saving data');
  });
});

describe('upgradeReasonOf', () => {
  it('reads the upgrade reason of a plan-limit refusal', () => {
    expect(
      upgradeReasonOf(new ApiError(403, 'PLAN_LIMIT_REACHED', 'x', { upgradeReason: 'free_data_items_limit' })),
    ).toBe('free_data_items_limit');
    expect(
      upgradeReasonOf(new ApiError(403, 'PLAN_LIMIT_REACHED', 'x', { upgradeReason: 'data_processing_limit' })),
    ).toBe('data_processing_limit');
    expect(upgradeReasonOf(new ApiError(403, 'PLAN_LIMIT_REACHED', 'x'))).toBe('default');
    expect(upgradeReasonOf(new ApiError(403, 'FORBIDDEN', 'x'))).toBeNull();
  });
});
