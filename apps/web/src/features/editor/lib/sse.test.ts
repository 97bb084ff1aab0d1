import { describe, expect, it } from 'vitest';
import { createSseParser } from './sse';

describe('createSseParser', () => {
  it('parses events split across chunks, skips comments and handles CRLF', () => {
    const parser = createSseParser();
    expect(parser.push('event: messages\r\ndata: {"a"')).toEqual([]);
    expect(parser.push(':1}\r')).toEqual([]);
    expect(parser.push('\n\r\n: keep-alive\n\n')).toEqual([{ event: 'messages', data: '{"a":1}' }]);
    expect(parser.push('data: x\ndata: y\n\n')).toEqual([{ event: 'message', data: 'x\ny' }]);
  });
});
