/**
 * antd-mobile 5.43's picker wheel writes its screen-reader labels in Simplified Chinese
 * whatever the ConfigProvider locale (「当前选择的是」 is a literal in wheel.js). This
 * Vite step puts the Traditional texts of messages/app-shell.ts in their place when the
 * module is bundled, so no Simplified label reaches the page; the build fails if the
 * library's text moved (a newer version), instead of silently shipping it again.
 */
import type { Plugin } from 'vite';
// A relative path: Vite bundles the config's own files but loads packages with Node, which cannot run .ts.
import { PICKER_WHEEL_LABELS } from '../../../packages/contract/src/messages/app-shell.ts';

const WHEEL_MODULE = /antd-mobile[\\/]es[\\/]components[\\/]picker-view[\\/]wheel\.js$/;

export function replaceWheelLabels(code: string): string {
  let out = code;
  for (const [simplified, traditional] of Object.entries(PICKER_WHEEL_LABELS)) {
    if (!out.includes(simplified)) throw new Error(`antd-mobile's picker wheel no longer contains 「${simplified}」: check its labels`);
    out = out.split(simplified).join(traditional);
  }
  return out;
}

export function antdMobileTraditional(): Plugin {
  return {
    name: 'antd-mobile-traditional',
    enforce: 'pre',
    transform(code, id) {
      return WHEEL_MODULE.test(id.split('?')[0] ?? id) ? { code: replaceWheelLabels(code), map: null } : null;
    },
  };
}
