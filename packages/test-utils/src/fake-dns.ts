import { createSocket, type RemoteInfo } from 'node:dgram';

/** The records one name answers with; `silent` names get no answer at all (a timeout). */
export interface FakeDnsRecords {
  A?: string[];
  CNAME?: string;
  TXT?: string[];
  silent?: boolean;
}

export interface FakeDns {
  /** `127.0.0.1:port`, as DNS_SERVERS takes it. */
  server: string;
  port: number;
  /** Lower-case name without trailing dot -> its records; change it at any time. */
  records: Map<string, FakeDnsRecords>;
  /** The names asked, in order (`name TYPE`). */
  queries: string[];
  close(): Promise<void>;
}

const TYPE = { A: 1, CNAME: 5, TXT: 16 } as const;
const TYPE_NAMES: Record<number, string> = { 1: 'A', 5: 'CNAME', 16: 'TXT', 28: 'AAAA' };

/** Reads the question's name at `offset` (queries carry no compression pointers). */
function readName(msg: Buffer, offset: number): { name: string; end: number } {
  const labels: string[] = [];
  let at = offset;
  while (at < msg.length && msg[at]! > 0) {
    const len = msg[at]!;
    labels.push(msg.subarray(at + 1, at + 1 + len).toString('latin1'));
    at += 1 + len;
  }
  return { name: labels.join('.').toLowerCase(), end: at + 1 };
}

function encodeName(name: string): Buffer {
  const parts = name.split('.').filter(Boolean);
  return Buffer.concat([
    ...parts.map((p) => Buffer.concat([Buffer.from([p.length]), Buffer.from(p, 'latin1')])),
    Buffer.from([0]),
  ]);
}

function answer(type: number, data: Buffer): Buffer {
  // Name: a pointer to the question's name at offset 12; class IN; TTL 60.
  const head = Buffer.alloc(12);
  head.writeUInt16BE(0xc00c, 0);
  head.writeUInt16BE(type, 2);
  head.writeUInt16BE(1, 4);
  head.writeUInt32BE(60, 6);
  head.writeUInt16BE(data.length, 10);
  return Buffer.concat([head, data]);
}

function rdataOf(type: number, records: FakeDnsRecords): Buffer[] {
  if (type === TYPE.A) return (records.A ?? []).map((ip) => Buffer.from(ip.split('.').map(Number)));
  if (type === TYPE.CNAME || (type !== TYPE.TXT && records.CNAME))
    return records.CNAME ? [encodeName(records.CNAME)] : [];
  if (type === TYPE.TXT) {
    return (records.TXT ?? []).map((text) => {
      // A TXT record is a list of strings of at most 255 bytes each.
      const bytes = Buffer.from(text, 'utf8');
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length || i === 0; i += 255) {
        const chunk = bytes.subarray(i, i + 255);
        chunks.push(Buffer.from([chunk.length]), chunk);
      }
      return Buffer.concat(chunks);
    });
  }
  return [];
}

/**
 * A tiny authoritative DNS responder on loopback UDP (A, CNAME and TXT from `records`), so the
 * server's real resolver code (node:dns Resolver with setServers) is exercised in tests. Unknown
 * names are NXDOMAIN; known names without the asked type answer empty (NODATA).
 */
export async function startFakeDns(initial: Record<string, FakeDnsRecords> = {}, port = 0): Promise<FakeDns> {
  const socket = createSocket('udp4');
  const records = new Map(Object.entries(initial).map(([name, r]) => [name.toLowerCase().replace(/\.$/, ''), r]));
  const queries: string[] = [];

  socket.on('message', (msg: Buffer, from: RemoteInfo) => {
    if (msg.length < 12) return;
    const { name, end } = readName(msg, 12);
    if (end + 4 > msg.length) return;
    const type = msg.readUInt16BE(end);
    queries.push(`${name} ${TYPE_NAMES[type] ?? type}`);
    const found = records.get(name);
    if (found?.silent) return;
    const answers = found
      ? rdataOf(type, found).map((data) => answer(type === TYPE.A && !found.A && found.CNAME ? TYPE.CNAME : type, data))
      : [];
    const header = Buffer.alloc(12);
    msg.copy(header, 0, 0, 2); // the query's id
    // QR, opcode 0, AA, RD copied; RA; rcode NXDOMAIN (3) for unknown names.
    header.writeUInt16BE(0x8400 | ((msg[2]! & 0x01) << 8) | 0x0080 | (found ? 0 : 3), 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    const question = msg.subarray(12, end + 4);
    socket.send(Buffer.concat([header, question, ...answers]), from.port, from.address);
  });

  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(port, '127.0.0.1', () => resolve());
  });
  const bound = socket.address().port;
  return {
    server: `127.0.0.1:${bound}`,
    port: bound,
    records,
    queries,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
