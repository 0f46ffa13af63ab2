import { useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';
import FloatingBubble from 'antd-mobile/es/components/floating-bubble';
import { MessageFill } from 'antd-mobile-icons';
import { useQueryClient } from '@tanstack/react-query';
import { SERVICE_BUTTON } from '@app/contract/messages/app-shell.ts';
import type { TLineExtInfo } from '@app/contract/schemas/config.ts';
import { clampPosition, dockPosition } from '../store/clamp-position.ts';
import { usePageChrome } from '../../../shared/ui/page-chrome.ts';
import { useServicePositionStore } from '../store/service-position-store.ts';
import { asyncComponent } from '../../../shared/ui/async-component.tsx';
import { followReducedMotion } from '../../../shared/ui/reduced-motion.ts';
import { lineConfigQueryOptions } from '../api/get-line-config.ts';
import './service.css';

followReducedMotion();

/** The QR generator is only needed once the popup opens: keep it out of the first load. */
const ServicePopup = asyncComponent(() => import('./service-popup.tsx'));

/** A tap target of 44 px, inside the 48 px navigation bar it rests in (global.css). */
export const SERVICE_BUTTON_SIZE = 44;
/** Its resting place: the navigation bar's right end, centred in the bar, this far from the edge. */
const NAV_BAR_HEIGHT = 48;
const DOCK_TOP = (NAV_BAR_HEIGHT - SERVICE_BUTTON_SIZE) / 2;
const DOCK_RIGHT_MARGIN = 4;
/** The app is a phone-width column, centred on wider screens. */
const COLUMN_MAX_WIDTH = 480;

/** The drag area is the column (above the tab bar on tab pages); x = maxX is the docked place. */
function bounds(bottomInset: number): { maxX: number; maxY: number } {
  const width = Math.min(window.innerWidth, COLUMN_MAX_WIDTH);
  return {
    maxX: width - SERVICE_BUTTON_SIZE - DOCK_RIGHT_MARGIN,
    maxY: window.innerHeight - bottomInset - SERVICE_BUTTON_SIZE,
  };
}

export interface ServiceButtonProps {
  /** Height kept free at the bottom (the tab bar), so the button never covers it. */
  bottomInset?: number;
}

/**
 * SPEC.md section 2: the draggable customer-service button and its LINE popup. It rests
 * in the navigation bar's right end, which no page uses (store/clamp-position.ts says
 * why); dragged, it follows the finger, and let go it glides back, so it never sits over
 * a control.
 */
export function ServiceButton({ bottomInset = 0 }: ServiceButtonProps) {
  const serviceX = useServicePositionStore((s) => s.serviceX);
  const serviceY = useServicePositionStore((s) => s.serviceY);
  const setServicePosition = useServicePositionStore((s) => s.setServicePosition);
  const queryClient = useQueryClient();
  const [limits, setLimits] = useState(() => bounds(bottomInset));
  const [line, setLine] = useState<TLineExtInfo | null>(null);

  useEffect(() => {
    const update = () => setLimits(bounds(bottomInset));
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [bottomInset]);

  // While a finger is on it, it follows (kept inside the area); let go, it glides to the
  // nearer edge and that docked place is what is saved.
  const [dragging, setDragging] = useState(false);
  const draggingRef = useRef(false);
  const docked = dockPosition(limits.maxX, DOCK_TOP);
  const offset = dragging ? clampPosition(serviceX, serviceY, limits.maxX, limits.maxY) : docked;

  useEffect(() => {
    if (!dragging) return;
    const release = () => {
      draggingRef.current = false;
      setDragging(false);
      const rest = dockPosition(limits.maxX, DOCK_TOP);
      setServicePosition(rest.x, rest.y);
    };
    window.addEventListener('pointerup', release);
    window.addEventListener('pointercancel', release);
    return () => {
      window.removeEventListener('pointerup', release);
      window.removeEventListener('pointercancel', release);
    };
  }, [dragging, limits, setServicePosition]);

  const open = useCallback(() => {
    // Failures are shown by the query cache's error handler (app/query-client.ts).
    queryClient.fetchQuery(lineConfigQueryOptions()).then(setLine, () => undefined);
  }, [queryClient]);

  // A page asked for the popup (its own 聯絡客服 entry), before this button had loaded or since.
  const { serviceRequested, serviceOpened } = usePageChrome();
  useEffect(() => {
    if (!serviceRequested) return;
    serviceOpened();
    open();
  }, [serviceRequested, serviceOpened, open]);

  const style = {
    '--initial-position-left': `max(0px, 50vw - ${COLUMN_MAX_WIDTH / 2}px)`,
    '--initial-position-top': '0px',
    '--size': `${SERVICE_BUTTON_SIZE}px`,
    '--z-index': '999',
    '--service-bottom-inset': `${bottomInset}px`,
  } as CSSProperties;

  return (
    <>
      <div
        className="service-bubble-host"
        onPointerDownCapture={() => {
          // The drag starts where the button rests: a position saved before (or the first
          // visit's, the area's far corner) would pull it away under the finger as it starts.
          setServicePosition(docked.x, docked.y);
          draggingRef.current = true;
          setDragging(true);
        }}
      >
        <FloatingBubble
          axis="xy"
          offset={offset}
          onOffsetChange={(next) => {
            const x = Math.round(next.x);
            const y = Math.round(next.y);
            // A move reported after the finger left still ends docked.
            const rest = draggingRef.current ? { x, y } : dockPosition(limits.maxX, DOCK_TOP);
            setServicePosition(rest.x, rest.y);
          }}
          onClick={open}
          className="service-bubble"
          style={style}
        >
          <span
            role="button"
            tabIndex={0}
            aria-label={SERVICE_BUTTON}
            data-testid="service-button"
            className="service-bubble-icon"
            onKeyDown={(event) => {
              if (event.key !== 'Enter' && event.key !== ' ') return;
              event.preventDefault();
              open();
            }}
          >
            <MessageFill fontSize={20} aria-hidden />
          </span>
        </FloatingBubble>
      </div>
      {line ? <ServicePopup line={line} onClose={() => setLine(null)} /> : null}
    </>
  );
}
