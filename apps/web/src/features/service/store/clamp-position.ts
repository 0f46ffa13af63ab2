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
