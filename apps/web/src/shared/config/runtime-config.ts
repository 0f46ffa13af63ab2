import { RUNTIME_CONFIG_GLOBAL, ZRuntimeConfigSchema, type TRuntimeConfig } from '@app/contract/runtime-config.ts';
import { devConfig } from './shell-config.ts';

export class RuntimeConfigError extends Error {
  constructor(problems: string[]) {
    super(`window.${RUNTIME_CONFIG_GLOBAL} is invalid: ${problems.join('; ')}`);
    this.name = 'RuntimeConfigError';
  }
}

let cached: TRuntimeConfig | undefined;

/** Parsed once; start-up fails listing every bad field. */
export function getRuntimeConfig(): TRuntimeConfig {
  if (cached) return cached;
  const injected = window[RUNTIME_CONFIG_GLOBAL as '__APP_CONFIG__'];
  if (injected === undefined && import.meta.env.DEV) {
    cached = devConfig();
    return cached;
  }
  const parsed = ZRuntimeConfigSchema.safeParse(injected);
  if (!parsed.success) {
    throw new RuntimeConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`));
  }
  cached = parsed.data;
  return cached;
}
