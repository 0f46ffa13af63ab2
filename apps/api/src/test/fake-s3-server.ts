import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A minimal S3-protocol server for tests (path-style): PUT, GET, DELETE of an object and
 * ListObjectsV2 with a prefix and continuation, which is all the S3 file store sends. It
 * checks no signature (the SDK signs; nothing here is secret) and keeps objects in memory.
 * Written here rather than installed: s3rver, the in-process one on npm, has had no
 * release since 2021.
 */
export interface FakeS3Server {
  endpoint: string;
  /** Bucket → object key → bytes and metadata, as stored. */
  objects: Map<string, Map<string, { bytes: Buffer; metadata: Record<string, string> }>>;
  /** Requests seen (method and path), to prove the store really went through S3. */
  requests: string[];
  close(): Promise<void>;
}

const PAGE = 2;

function xml(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>${body}`);
}

const escape = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startFakeS3Server(buckets: string[]): Promise<FakeS3Server> {
  const objects = new Map(buckets.map((bucket) => [bucket, new Map<string, { bytes: Buffer; metadata: Record<string, string> }>()]));
  const requests: string[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://s3.test');
      const [, bucketName = '', ...rest] = url.pathname.split('/');
      const key = decodeURIComponent(rest.join('/'));
      requests.push(`${req.method} /${bucketName}${key ? `/${key}` : ''}`);
      const bucket = objects.get(bucketName);
      if (!bucket) return xml(res, 404, '<Error><Code>NoSuchBucket</Code><Message>no such bucket</Message></Error>');
      if (req.method === 'GET' && !key) {
        const prefix = url.searchParams.get('prefix') ?? '';
        const after = url.searchParams.get('continuation-token') ?? '';
        const keys = [...bucket.keys()].filter((name) => name.startsWith(prefix) && name > after).sort();
        const page = keys.slice(0, PAGE);
        const truncated = keys.length > PAGE;
        const contents = page
          .map((name) => `<Contents><Key>${escape(name)}</Key><Size>${bucket.get(name)?.bytes.length ?? 0}</Size></Contents>`)
          .join('');
        const next = truncated ? `<NextContinuationToken>${escape(page.at(-1) ?? '')}</NextContinuationToken>` : '';
        return xml(
          res,
          200,
          `<ListBucketResult><Name>${bucketName}</Name><Prefix>${escape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><IsTruncated>${truncated}</IsTruncated>${contents}${next}</ListBucketResult>`,
        );
      }
      if (req.method === 'PUT') {
        const metadata: Record<string, string> = {};
        for (const [name, value] of Object.entries(req.headers)) {
          if (name.startsWith('x-amz-meta-') && typeof value === 'string') metadata[name.slice('x-amz-meta-'.length)] = value;
        }
        bucket.set(key, { bytes: await bodyOf(req), metadata });
        res.writeHead(200, { etag: '"fake"' });
        return res.end();
      }
      if (req.method === 'GET' || req.method === 'HEAD') {
        const object = bucket.get(key);
        if (!object) return xml(res, 404, `<Error><Code>NoSuchKey</Code><Message>no such key</Message><Key>${escape(key)}</Key></Error>`);
        const headers: Record<string, string | number> = {
          'content-type': 'application/octet-stream',
          'content-length': object.bytes.length,
        };
        for (const [name, value] of Object.entries(object.metadata)) headers[`x-amz-meta-${name}`] = value;
        res.writeHead(200, headers);
        return res.end(req.method === 'GET' ? object.bytes : undefined);
      }
      if (req.method === 'DELETE') {
        bucket.delete(key);
        res.writeHead(204);
        return res.end();
      }
      return xml(res, 405, '<Error><Code>MethodNotAllowed</Code><Message>not here</Message></Error>');
    })().catch(() => {
      res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
