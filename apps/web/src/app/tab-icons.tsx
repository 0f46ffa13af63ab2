import type { SVGProps } from 'react';

/**
 * The 貸款 and 訂單 tab icons with New Taiwan dollars' NT$ mark, drawn as strokes (the
 * library's money icons carry a ¥ sign, and an SVG text would join the tab's label).
 * 24 × 24, in the tab's current colour like the library's icons.
 */
type IconProps = SVGProps<SVGSVGElement>;

const STROKE = { fill: 'none', stroke: 'currentColor', strokeWidth: 1.6, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

/** N, T and $ in a 5-unit-high line starting at (x, y top). */
function NtdMark({ x, y, scale = 1 }: { x: number; y: number; scale?: number }) {
  return (
    <g transform={`translate(${x} ${y}) scale(${scale})`} {...STROKE}>
      <path d="M0 5V0L3.4 5V0" />
      <path d="M4.9 0H8.5M6.7 0V5" />
      <path d="M13.4 0.8C13 0.3 12.4 0 11.7 0 10.8 0 10.1 0.5 10.1 1.2 10.1 2.8 13.5 1.8 13.5 3.6 13.5 4.4 12.7 5 11.7 5 10.9 5 10.3 4.6 9.9 4.1M11.75 -1V6" />
    </g>
  );
}

/** 貸款: a coin marked NT$. */
export function LoanNtdIcon(props: IconProps) {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" data-currency-mark="NT$" {...props}>
      <circle cx="12" cy="12" r="10.2" {...STROKE} />
      <NtdMark x={5.2} y={9.5} />
    </svg>
  );
}

/** 訂單: a bill marked NT$. */
export function OrderNtdIcon(props: IconProps) {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" data-currency-mark="NT$" {...props}>
      <path d="M5 2.5H15L19.5 7V21.5H5Z" {...STROKE} />
      <path d="M15 2.5V7H19.5M8 7H12" {...STROKE} />
      <NtdMark x={6.9} y={12.2} scale={0.78} />
    </svg>
  );
}
