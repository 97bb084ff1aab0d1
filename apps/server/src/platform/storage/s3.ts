import { createHash, createHmac } from 'node:crypto';
import { Readable } from 'node:stream';
import { assertStorageKey, type FileStorage } from './file-storage';

/** An S3-compatible bucket (AWS S3, MinIO, R2, Garage...) addressed path-style: `{endpoint}/{bucket}/{key}`. */
export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** Uploads are at most 10 MB (docs/product/runtime.md#limits): buffered, so S3 gets the Content-Length and payload hash it wants. */
const MAX_OBJECT_BYTES = 25 * 1024 * 1024;
const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
/** RFC 3986 encoding, as SigV4 wants it (`/` kept in paths). */
const encode = (s: string, keepSlash = false) =>
  encodeURIComponent(s)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(keepSlash ? /%2F/g : /$^/, '/');

export interface SignInput {
  method: string;
  url: URL;
  headers: Record<string, string>;
  payloadHash: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `YYYYMMDDTHHMMSSZ` */
  amzDate: string;
}

/** The `Authorization` header of AWS Signature Version 4 for service `s3` (headers given are all signed). */
export function signV4({
  method,
  url,
  headers,
  payloadHash,
  region,
  accessKeyId,
  secretAccessKey,
  amzDate,
}: SignInput): string {
  const date = amzDate.slice(0, 8);
  const lower = Object.fromEntries(
    Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v.trim().replace(/\s+/g, ' ')]),
  );
  const names = Object.keys(lower).sort();
  const query = [...url.searchParams.entries()]
    .map(([k, v]) => [encode(k), encode(v)])
    .sort(([a, x], [b, y]) => (a! < b! ? -1 : a! > b! ? 1 : x! < y! ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonical = [
    method,
    encode(decodeURIComponent(url.pathname), true),
    query,
    names.map((n) => `${n}:${lower[n]}\n`).join(''),
    names.join(';'),
    payloadHash,
  ].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, date), region), 's3'), 'aws4_request');
  return `AWS4-HMAC-SHA256 Credential=${accessKeyId}/${scope},SignedHeaders=${names.join(';')},Signature=${createHmac('sha256', key).update(toSign).digest('hex')}`;
}

/** The production twin of the local file storage (README, configuration: S3_*): same interface, objects in a bucket. */
export function createS3Storage(
  config: S3Config,
  { fetchImpl = fetch, now = () => new Date() }: { fetchImpl?: typeof fetch; now?: () => Date } = {},
): FileStorage {
  const base = config.endpoint.replace(/\/+$/, '');

  /** A signed request for an object (`key`), or for the bucket itself when `key` is null (listing). */
  async function send(
    method: string,
    key: string | null,
    body?: Buffer,
    extra: Record<string, string> = {},
    query: Record<string, string> = {},
  ): Promise<Response> {
    if (key !== null) assertStorageKey(key);
    const url = new URL(`${base}/${encode(config.bucket)}${key === null ? '' : `/${encode(key, true)}`}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    const amzDate = now()
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
    const payloadHash = sha256(body ?? '');
    const headers: Record<string, string> = {
      host: url.host,
      'x-amz-content-sha256': payloadHash,
      'x-amz-date': amzDate,
      ...extra,
    };
    const authorization = signV4({
      method,
      url,
      headers,
      payloadHash,
      region: config.region,
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
      amzDate,
    });
    const { host: _host, ...sent } = headers;
    return fetchImpl(url, {
      method,
      headers: { ...sent, authorization },
      body: body ? new Uint8Array(body) : undefined,
    });
  }

  return {
    async put(key, body, contentType) {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of body) {
        size += (chunk as Buffer).length;
        if (size > MAX_OBJECT_BYTES) throw new Error('Object too large for this storage');
        chunks.push(chunk as Buffer);
      }
      const type = typeof contentType === 'function' ? contentType() : contentType;
      const res = await send('PUT', key, Buffer.concat(chunks), { 'content-type': type });
      if (!res.ok) throw new Error(`S3 PUT ${key} failed: ${res.status} ${(await res.text()).slice(0, 200)}`);
      return { size };
    },
    async get(key) {
      try {
        assertStorageKey(key);
      } catch {
        return null;
      }
      const res = await send('GET', key);
      if (res.status === 404 || res.status === 403) return null;
      if (!res.ok || !res.body) throw new Error(`S3 GET ${key} failed: ${res.status}`);
      return {
        stream: Readable.fromWeb(res.body as import('node:stream/web').ReadableStream),
        size: Number(res.headers.get('content-length') ?? 0),
        contentType: res.headers.get('content-type') ?? 'application/octet-stream',
      };
    },
    async delete(key) {
      const res = await send('DELETE', key);
      if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE ${key} failed: ${res.status}`);
    },
    async deleteFolder(folder) {
      assertStorageKey(folder);
      // ListObjectsV2 a page (up to 1000 keys) at a time, deleting each page's objects as it comes.
      let token: string | undefined;
      do {
        const query: Record<string, string> = { 'list-type': '2', prefix: `${folder}/` };
        if (token) query['continuation-token'] = token;
        const res = await send('GET', null, undefined, {}, query);
        if (!res.ok) throw new Error(`S3 list ${folder}/ failed: ${res.status}`);
        const xml = await res.text();
        const keys = [...xml.matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => unescapeXml(m[1]!));
        for (const key of keys) await this.delete(key);
        token = /<IsTruncated>true<\/IsTruncated>/.test(xml)
          ? unescapeXml(/<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)?.[1] ?? '')
          : undefined;
      } while (token);
    },
  };
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (s: string) => s.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => XML_ENTITIES[name]!);
