import { create } from 'zustand';
import { readItem, writeItem } from '../../../shared/store/local-store.ts';

/** SPEC.md section 3: initial position, clamped into the viewport when shown. */
export const SERVICE_X_INITIAL = 1000;
export const SERVICE_Y_INITIAL = 10000;
/** SPEC.md section 9: the position is saved 300 ms after the last move. */
export const POSITION_SAVE_DEBOUNCE_MS = 300;

interface ServicePositionState {
  serviceX: number;
  serviceY: number;
  setServicePosition: (x: number, y: number) => void;
}

function initialPosition(): { x: number; y: number } {
  const saved = readItem('servicePosition');
  if (saved && Number.isFinite(saved.x) && Number.isFinite(saved.y)) return saved;
  return { x: SERVICE_X_INITIAL, y: SERVICE_Y_INITIAL };
}

const start = initialPosition();

export const useServicePositionStore = create<ServicePositionState>((set) => ({
  serviceX: start.x,
  serviceY: start.y,
  setServicePosition: (x, y) => set({ serviceX: x, serviceY: y }),
}));

let saveTimer: ReturnType<typeof setTimeout> | undefined;

useServicePositionStore.subscribe((state, previous) => {
  if (state.serviceX === previous.serviceX && state.serviceY === previous.serviceY) return;
  clearTimeout(saveTimer);
  saveTimer = setTimeout(() => {
    writeItem('servicePosition', { x: state.serviceX, y: state.serviceY });
  }, POSITION_SAVE_DEBOUNCE_MS);
});
