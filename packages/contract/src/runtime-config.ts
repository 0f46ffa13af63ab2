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
  /**
   * The share of sessions that report real users' vitals, 0 to 1 (decision 0158); unset:
   * DEFAULT_VITALS_SAMPLE_RATE.
   */
  vitalsSampleRate: z.number().min(0).max(1).optional(),
});
/** The vitals sample rate of a runtime config that names none: one session in ten. */
export const DEFAULT_VITALS_SAMPLE_RATE = 0.1;

export type TRuntimeConfig = z.infer<typeof ZRuntimeConfigSchema>;
