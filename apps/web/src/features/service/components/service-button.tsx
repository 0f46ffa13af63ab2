import { useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';
import FloatingBubble from 'antd-mobile/es/components/floating-bubble';
import { MessageFill } from 'antd-mobile-icons';
import { useQueryClient } from '@tanstack/react-query';
import { SERVICE_BUTTON } from '@app/contract/messages/app-shell.ts';
import type { TLineExtInfo } from '@app/contract/schemas/config.ts';
import { clampPosition, dockPosition } from '../store/clamp-position.ts';
import { useServicePopupStore } from '../../../shared/store/service-popup-store.ts';
import { useServicePositionStore } from '../store/service-position-store.ts';
import { asyncComponent } from '../../../shared/ui/async-component.tsx';
import { followReducedMotion } from '../../../shared/ui/reduced-motion.ts';
import { lineConfigQueryOptions } from '../api/get-line-config.ts';
import './service.css';

followReducedMotion();

/** The QR generator is only needed once the popup opens: keep it out of the first load. */
const ServicePopup = asyncComponent(() => import('./service-popup.tsx'));

export const SERVICE_BUTTON_SIZE = 48;
/** Docked, half the button is off screen: a tab at the edge, as banking apps do. */
export const SERVICE_BUTTON_HIDDEN = SERVICE_BUTTON_SIZE / 2;
/** The app is a phone-width column, centred on wider screens. */
const COLUMN_MAX_WIDTH = 480;

/**
 * The drag area reaches half a button beyond each side of the column, so x = 0 and
 * x = maxX (= the column's width) are the two docked places.
 */
function bounds(bottomInset: number): { maxX: number; maxY: number } {
  const width = Math.min(window.innerWidth, COLUMN_MAX_WIDTH);
  return {
    maxX: width + 2 * SERVICE_BUTTON_HIDDEN - SERVICE_BUTTON_SIZE,
    maxY: window.innerHeight - bottomInset - SERVICE_BUTTON_SIZE,
  };
}

export interface ServiceButtonProps {
  /** Height kept free at the bottom (the tab bar), so the button never covers it. */
  bottomInset?: number;
}

/**
 * SPEC.md section 2: the draggable customer-service button and its LINE popup. It rests
 * docked to the nearer side edge, half visible (after a drag it glides there), so it
 * never sits over a page's content.
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
  const docked = dockPosition(serviceX, serviceY, limits.maxX, limits.maxY);
  const offset = dragging ? clampPosition(serviceX, serviceY, limits.maxX, limits.maxY) : { x: docked.x, y: docked.y };

  useEffect(() => {
    if (!dragging) return;
    const release = () => {
      draggingRef.current = false;
      setDragging(false);
      const { serviceX: x, serviceY: y } = useServicePositionStore.getState();
      const rest = dockPosition(x, y, limits.maxX, limits.maxY);
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
  const requestedAt = useServicePopupStore((s) => s.requestedAt);
  useEffect(() => {
    if (requestedAt !== null && useServicePopupStore.getState().takeRequest()) open();
  }, [requestedAt, open]);

  const style = {
    '--initial-position-left': `calc(max(0px, 50vw - ${COLUMN_MAX_WIDTH / 2}px) - ${SERVICE_BUTTON_HIDDEN}px)`,
    '--initial-position-top': '0px',
    '--size': `${SERVICE_BUTTON_SIZE}px`,
    '--z-index': '999',
    '--service-bottom-inset': `${bottomInset}px`,
    '--service-hidden': `${SERVICE_BUTTON_HIDDEN}px`,
  } as CSSProperties;

  return (
    <>
      <div
        className="service-bubble-host"
        onPointerDownCapture={() => {
          draggingRef.current = true;
          setDragging(true);
        }}
      >
        <FloatingBubble
          axis="xy"
          offset={offset}
          data-dock={docked.side}
          onOffsetChange={(next) => {
            const x = Math.round(next.x);
            const y = Math.round(next.y);
            // A move reported after the finger left still ends docked.
            const rest = draggingRef.current ? { x, y } : dockPosition(x, y, limits.maxX, limits.maxY);
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
