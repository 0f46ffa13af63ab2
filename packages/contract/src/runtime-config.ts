import { z } from 'zod';

/**
 * Values the API server injects into index.html when it serves the web app, so one
 * build runs anywhere: `<script>window.__APP_CONFIG__ = {...}</script>`.
 */
export const RUNTIME_CONFIG_GLOBAL = '__APP_CONFIG__';

export const ZRuntimeConfigSchema = z.object({
  productName: z.string().min(1),
  packageName: z.string().min(1),
  /** base64 of the 32-byte AES-256-GCM key of the wire protocol. */
  cipherKey: z.string().min(1),
  /** Origin and prefix of the API; '' means the same origin that served the page. */
  apiBase: z.string(),
});
export type TRuntimeConfig = z.infer<typeof ZRuntimeConfigSchema>;
