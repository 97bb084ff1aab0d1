import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createS3Storage, signV4 } from './s3';

describe('signV4', () => {
  it('matches the GET Object example of the AWS Signature Version 4 documentation', () => {
    const authorization = signV4({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: {
        host: 'examplebucket.s3.amazonaws.com',
        range: 'bytes=0-9',
        'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
        'x-amz-date': '20130524T000000Z',
      },
      payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      amzDate: '20130524T000000Z',
    });
    expect(authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

/** A bucket on loopback that checks every request's signature before storing or answering. */
async function fakeBucket() {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const read = (req: IncomingMessage) =>
    new Promise<Buffer>((resolve) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks)));
    });
  const server = createServer(async (req, res) => {
    const body = await read(req);
    const url = new URL(req.url!, `http://${req.headers.host}`);
    const signed = /SignedHeaders=([^,]+)/.exec(req.headers.authorization ?? '')?.[1]?.split(';') ?? [];
    const expected = signV4({
      method: req.method!,
      url,
      headers: Object.fromEntries(signed.map((h) => [h, String(req.headers[h])])),
      payloadHash: String(req.headers['x-amz-content-sha256']),
      region: 'auto',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      amzDate: String(req.headers['x-amz-date']),
    });
    if (req.headers.authorization !== expected) return void res.writeHead(403).end('SignatureDoesNotMatch');
    const key = decodeURIComponent(url.pathname);
    if (req.method === 'GET' && url.searchParams.get('list-type') === '2') {
      // ListObjectsV2, two keys a page so that paging is exercised.
      const prefix = `${key}/${url.searchParams.get('prefix') ?? ''}`;
      const all = [...objects.keys()].filter((k) => k.startsWith(prefix)).sort();
      // Like S3's, the token marks a place in key order, so deleting listed keys moves nothing.
      const after = url.searchParams.get('continuation-token') ?? '';
      const rest = all.filter((k) => k > after);
      const page = rest.slice(0, 2);
      const more = rest.length > 2;
      const contents = page.map((k) => `<Contents><Key>${k.slice(key.length + 1)}</Key></Contents>`).join('');
      return void res
        .writeHead(200, { 'content-type': 'application/xml' })
        .end(
          `<ListBucketResult><IsTruncated>${more}</IsTruncated>${contents}` +
            (more ? `<NextContinuationToken>${page.at(-1)}</NextContinuationToken>` : '') +
            '</ListBucketResult>',
        );
    }
    if (req.method === 'PUT') objects.set(key, { body, type: String(req.headers['content-type']) });
    if (req.method === 'DELETE') objects.delete(key);
    if (req.method === 'GET') {
      const object = objects.get(key);
      if (!object) return void res.writeHead(404).end();
      return void res
        .writeHead(200, { 'content-type': object.type, 'content-length': object.body.length })
        .end(object.body);
    }
    res.writeHead(200).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    objects,
    close: () => new Promise((r) => server.close(r)),
  };
}

const bucket = await fakeBucket();
afterAll(() => bucket.close());

describe('createS3Storage', () => {
  const storage = createS3Storage({
    endpoint: bucket.url,
    bucket: 'uploads',
    region: 'auto',
    accessKeyId: 'key',
    secretAccessKey: 'secret',
  });

  it('puts, gets and deletes objects with signed requests', async () => {
    const bytes = Buffer.from('hello image');
    expect(await storage.get('apps/a1/f-1.png')).toBeNull();
    expect(await storage.put('apps/a1/f-1.png', Readable.from([bytes]), () => 'image/png')).toEqual({
      size: bytes.length,
    });
    expect(bucket.objects.get('/uploads/apps/a1/f-1.png')?.type).toBe('image/png');
    const got = (await storage.get('apps/a1/f-1.png'))!;
    expect(got.contentType).toBe('image/png');
    expect(got.size).toBe(bytes.length);
    const chunks: Buffer[] = [];
    for await (const c of got.stream) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    await storage.delete('apps/a1/f-1.png');
    expect(await storage.get('apps/a1/f-1.png')).toBeNull();
  });

  it("deletes a folder's objects page by page and nothing outside it", async () => {
    for (const key of ['apps/a2/1.png', 'apps/a2/2.png', 'apps/a2/3.png', 'apps/a20/keep.png'])
      await storage.put(key, Readable.from([Buffer.from('x')]), 'image/png');
    await storage.deleteFolder('apps/a2');
    expect([...bucket.objects.keys()].filter((k) => k.startsWith('/uploads/apps/a2'))).toEqual([
      '/uploads/apps/a20/keep.png',
    ]);
  });

  it('refuses keys that leave their folder', async () => {
    expect(await storage.get('../etc/passwd')).toBeNull();
    await expect(storage.put('a/../../b', Readable.from([Buffer.from('x')]), 'text/plain')).rejects.toThrow(
      'Invalid storage key',
    );
  });
});
