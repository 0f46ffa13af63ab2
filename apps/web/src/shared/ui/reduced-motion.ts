import { reduceMotion, restoreMotion } from 'antd-mobile/es/utils/reduce-and-restore-motion';

/**
 * `prefers-reduced-motion: reduce` also stops the UI library's spring animations (popups,
 * the service button's glide), which CSS cannot reach; global.css shortens the CSS ones.
 * Imported by the chunks that bring the spring library (service button, loading overlay),
 * so the first load stays without it.
 */
let followed = false;

const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** Whether the phone asks for less motion now. */
export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION_QUERY).matches;
}

export function followReducedMotion(): void {
  if (followed || typeof window.matchMedia !== 'function') return;
  followed = true;
  const query = window.matchMedia(REDUCED_MOTION_QUERY);
  const apply = () => (query.matches ? reduceMotion() : restoreMotion());
  apply();
  query.addEventListener('change', apply);
}
