import { setDefaultConfig } from 'antd-mobile/es/components/config-provider';
import zhTW from 'antd-mobile/es/locales/zh-TW';

/** antd-mobile's Traditional Chinese texts, the ConfigProvider's at the root and the default's. */
export const APP_LOCALE = zhTW;

/**
 * Toast, Dialog and Modal shown imperatively render in their own React root, outside the
 * app's ConfigProvider, and read the library's default config, which is Simplified
 * Chinese (a mask labelled 「背景蒙层」). Set before anything renders.
 */
export function applyTraditionalChineseLocale(): void {
  setDefaultConfig({ locale: APP_LOCALE });
}
