import type { CSSProperties } from 'react';

interface AmountSliderProps {
  value: number;
  min: number;
  max: number;
  step: number;
  /** The control's name for assistive technology (the section's heading). */
  label: string;
  /** The value as read aloud: the formatted amount, not the bare number. */
  valueText: string;
  onChange: (value: number) => void;
}

/**
 * The amount on the product's grid, as the browser's own range input: dragged, tapped on
 * the track, or moved with the arrow keys, and named with its formatted value — no gesture
 * library on applyFor's first render. The filled part of the track follows the value
 * (`--fill`).
 */
export function AmountSlider({ value, min, max, step, label, valueText, onChange }: AmountSliderProps) {
  const fill = max > min ? ((Math.min(Math.max(value, min), max) - min) / (max - min)) * 100 : 0;
  return (
    <input
      type="range"
      className="apply-slider"
      min={min}
      max={max}
      step={step}
      value={value}
      aria-label={label}
      aria-valuetext={valueText}
      style={{ '--fill': `${fill}%` } as CSSProperties}
      onChange={(event) => onChange(Number(event.currentTarget.value))}
    />
  );
}
