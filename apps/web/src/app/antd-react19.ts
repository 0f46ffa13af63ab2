import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { createRoot, type Root } from 'react-dom/client';

type RootHolder = Element & { _appReactRoot?: Root };

/**
 * antd-mobile 5 renders Toast, Dialog and Modal with React 18's legacy `render`, which
 * React 19 removed: without this they silently render nothing.
 */
export function enableAntdOnReact19(): void {
  unstableSetRender((node, container) => {
    const holder = container as RootHolder;
    holder._appReactRoot ??= createRoot(container);
    const root = holder._appReactRoot;
    root.render(node);
    return async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      root.unmount();
      delete holder._appReactRoot;
    };
  });
}
