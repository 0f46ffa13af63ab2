import { request } from 'node:http';
import { request as requestTls } from 'node:https';

/**
 * POSTs form fields as a gateway's server posts a notification: a connection of its own
 * (no pooled keep-alive socket shared with anything else in the process), and the answer
 * read as plain text (no Accept-Encoding, so never compressed). The sandbox providers use
 * it to notify this server; a real gateway does the same from outside.
 */
export function postForm(
  url: string,
  fields: Readonly<Record<string, string>>,
  timeoutMs = 15_000,
): Promise<{ status: number; text: string }> {
  const body = new URLSearchParams(fields).toString();
  const target = new URL(url);
  const send = target.protocol === 'https:' ? requestTls : request;
  return new Promise((resolve, reject) => {
    const req = send(
      target,
      {
        method: 'POST',
        agent: false,
        timeout: timeoutMs,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body), connection: 'close' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer from ${target.host} in ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}
