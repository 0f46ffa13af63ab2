/** Keeps a position inside [0, max] on both axes (the button's box stays on screen). */
export function clampPosition(x: number, y: number, maxX: number, maxY: number): { x: number; y: number } {
  return {
    x: Math.min(Math.max(0, x), Math.max(0, maxX)),
    y: Math.min(Math.max(0, y), Math.max(0, maxY)),
  };
}

/**
 * Where the button rests: in the navigation bar's right end (x = maxX, y = dockTop),
 * the one place on every page that holds no control and never scrolls under it. Any
 * resting place over the page would, at some scroll, cover a button, a field or a row
 * (it covered 簽署, 儲存並繼續, 開始拍攝 and 聯絡客服 when it rested at a side edge), so
 * wherever it is let go it glides back there.
 */
export function dockPosition(maxX: number, dockTop: number): { x: number; y: number } {
  return { x: Math.max(0, maxX), y: Math.max(0, dockTop) };
}
