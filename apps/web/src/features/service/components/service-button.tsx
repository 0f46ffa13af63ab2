import { useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';
import FloatingBubble from 'antd-mobile/es/components/floating-bubble';
import { MessageFill } from 'antd-mobile-icons';
import { useQueryClient } from '@tanstack/react-query';
import { SERVICE_BUTTON } from '@app/contract/messages/app-shell.ts';
import type { TLineExtInfo } from '@app/contract/schemas/config.ts';
import { clampPosition } from '../store/clamp-position.ts';
import { useServicePopupStore } from '../../../shared/store/service-popup-store.ts';
import { useServicePositionStore } from '../store/service-position-store.ts';
import { asyncComponent } from '../../../shared/ui/async-component.tsx';
import { lineConfigQueryOptions } from '../api/get-line-config.ts';
import './service.css';

/** The QR generator is only needed once the popup opens: keep it out of the first load. */
const ServicePopup = asyncComponent(() => import('./service-popup.tsx'));

export const SERVICE_BUTTON_SIZE = 48;
/** The app is a phone-width column, centred on wider screens. */
const COLUMN_MAX_WIDTH = 480;

function bounds(bottomInset: number): { maxX: number; maxY: number } {
  const width = Math.min(window.innerWidth, COLUMN_MAX_WIDTH);
  return {
    maxX: width - SERVICE_BUTTON_SIZE,
    maxY: window.innerHeight - bottomInset - SERVICE_BUTTON_SIZE,
  };
}

export interface ServiceButtonProps {
  /** Height kept free at the bottom (the tab bar), so the button never covers it. */
  bottomInset?: number;
}

/** SPEC.md section 2: the draggable customer-service button and its LINE popup. */
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

  const offset = clampPosition(serviceX, serviceY, limits.maxX, limits.maxY);

  const open = useCallback(() => {
    // Failures are shown by the query cache's error handler (app/query-client.ts).
    queryClient.fetchQuery(lineConfigQueryOptions()).then(setLine, () => undefined);
  }, [queryClient]);

  // A page asked for the popup (its own 聯絡客服 entry); only requests made after mount count.
  const openRequests = useServicePopupStore((s) => s.openRequests);
  const seenRequests = useRef(openRequests);
  useEffect(() => {
    if (openRequests === seenRequests.current) return;
    seenRequests.current = openRequests;
    open();
  }, [openRequests, open]);

  const style = {
    '--initial-position-left': `max(0px, calc(50vw - ${COLUMN_MAX_WIDTH / 2}px))`,
    '--initial-position-top': '0px',
    '--size': `${SERVICE_BUTTON_SIZE}px`,
    '--z-index': '999',
    '--service-bottom-inset': `${bottomInset}px`,
  } as CSSProperties;

  return (
    <>
      <FloatingBubble
        axis="xy"
        offset={offset}
        onOffsetChange={(next) => setServicePosition(Math.round(next.x), Math.round(next.y))}
        onClick={open}
        className="service-bubble"
        style={style}
      >
        <span role="button" aria-label={SERVICE_BUTTON} data-testid="service-button" className="service-bubble-icon">
          <MessageFill fontSize={24} />
        </span>
      </FloatingBubble>
      {line ? <ServicePopup line={line} onClose={() => setLine(null)} /> : null}
    </>
  );
}
