import { createNodeCipher } from '@app/contract/cipher-node.ts';
import { PATHS, type HttpMethod } from '@app/contract/paths.ts';
import { decodeEnvelope, encodeRequest } from '@app/contract/wire.ts';
import { CLIENT_VERSION, COUNTRY_CODE, DEFAULT_SOURCE_CHANNEL } from '@app/contract/headers.ts';
import { ConfigError, loadCliConfig } from '../config/env.ts';

/**
 * Speaks the wire protocol for debugging and operations:
 *   npm run api -- GET /api/v3/common/config/one '{"configKey":"line"}'
 * Env: API_URL (default http://127.0.0.1:$PORT, PORT as the server reads it, 3000),
 * TOKEN (token header), APP_CIPHER_KEY.
 * Prints the decrypted envelope; exits 1 on usage or transport errors.
 */
const USAGE = 'usage: npm run api -- <GET|POST> <path> [json payload]';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  const [methodArg, pathArg, payloadArg] = process.argv.slice(2);
  const method = methodArg?.toUpperCase();
  if ((method !== 'GET' && method !== 'POST') || !pathArg?.startsWith('/')) fail(USAGE);

  let payload: unknown = {};
  if (payloadArg !== undefined) {
    try {
      payload = JSON.parse(payloadArg);
    } catch {
      fail('payload must be JSON');
    }
  }

  let settings;
  try {
    settings = loadCliConfig();
  } catch (error) {
    fail(error instanceof ConfigError ? error.message : String(error));
  }
  const known = Object.values(PATHS).find((p) => p.path === pathArg);
  if (known && known.method !== method) process.stderr.write(`note: ${pathArg} is a ${known.method} path\n`);

  const cipher = createNodeCipher(settings.cipherKey);
  const headers: Record<string, string> = {
    version: CLIENT_VERSION,
    countryCode: COUNTRY_CODE,
    sourceChannel: DEFAULT_SOURCE_CHANNEL,
  };
  if (settings.token) headers.token = settings.token;
  const request = encodeRequest({ method: method as HttpMethod, path: pathArg }, payload, cipher, settings.apiUrl, headers);

  let response: Response;
  try {
    response = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body });
  } catch (error) {
    fail(`transport error: ${error instanceof Error ? error.message : String(error)}`);
  }
  const text = await response.text();
  if (response.status !== 200) fail(`HTTP ${response.status}: ${text.slice(0, 200)}`);
  const contentType = response.headers.get('content-type') ?? '';
  if (contentType.startsWith('text/html')) {
    process.stdout.write(`${text}\n`);
    return;
  }
  try {
    process.stdout.write(`${JSON.stringify(decodeEnvelope(text, cipher), null, 2)}\n`);
  } catch {
    fail("response did not decrypt (is APP_CIPHER_KEY the server's key?)");
  }
}

void main();
