/** Keeps a position inside [0, max] on both axes (the button's box stays on screen). */
export function clampPosition(
  x: number,
  y: number,
  maxX: number,
  maxY: number,
): { x: number; y: number } {
  return {
    x: Math.min(Math.max(0, x), Math.max(0, maxX)),
    y: Math.min(Math.max(0, y), Math.max(0, maxY)),
  };
}

/**
 * Where the button rests: against the nearer side edge (the left one at x = 0, the right
 * one at x = maxX), half of it off screen, as a tab that covers almost nothing; the
 * height kept inside [0, maxY].
 */
export function dockPosition(
  x: number,
  y: number,
  maxX: number,
  maxY: number,
): { x: number; y: number; side: 'left' | 'right' } {
  const clamped = clampPosition(x, y, maxX, maxY);
  const side = clamped.x * 2 < Math.max(0, maxX) ? 'left' : 'right';
  return { x: side === 'left' ? 0 : Math.max(0, maxX), y: clamped.y, side };
}
