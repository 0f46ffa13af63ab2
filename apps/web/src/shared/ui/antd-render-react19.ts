import type { ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';

/**
 * antd-mobile's `utils/render` for React 19 (decision 0171), put in the library's place by
 * the build (scripts/antd-mobile-render.ts). antd-mobile 5 renders Toast, Dialog and Modal
 * with React 18's legacy `render`, which React 19 removed; its own module re-exports
 * rc-util's, whose async unmount brought Babel's regenerator runtime into the first load
 * (about 4 KB gzip with rc-util and tslib). Each container gets a root of its own, unmounted
 * a tick after the library asks (it asks from inside its own render).
 */
type RootHolder = Element & { _appReactRoot?: Root };

export function render(node: ReactElement, container: Element): void {
  const holder = container as RootHolder;
  holder._appReactRoot ??= createRoot(container);
  holder._appReactRoot.render(node);
}

export async function unmount(container: Element): Promise<void> {
  const holder = container as RootHolder;
  await new Promise((resolve) => setTimeout(resolve, 0));
  holder._appReactRoot?.unmount();
  delete holder._appReactRoot;
}
