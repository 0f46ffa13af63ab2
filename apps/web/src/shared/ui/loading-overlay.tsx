import Mask from 'antd-mobile/es/components/mask';
import SpinLoading from 'antd-mobile/es/components/spin-loading';
import { SLOW_NETWORK_TEXT } from '@app/contract/messages/app-shell.ts';
import { useLoadingStore } from './loading-store.ts';
import { followReducedMotion } from './reduced-motion.ts';

followReducedMotion();

/** The counted request indicator; after 5 s it blocks the page with the slow-network text. */
export default function LoadingOverlay() {
  const pending = useLoadingStore((s) => s.pending);
  const slow = useLoadingStore((s) => s.slow);
  if (pending === 0) return null;
  return (
    <Mask visible opacity={slow ? 'default' : 'thin'} disableBodyScroll={false}>
      <div className="loading-overlay" role="status" aria-live="polite" data-testid="request-loading">
        <SpinLoading color="white" />
        {slow ? <p className="loading-overlay-text">{SLOW_NETWORK_TEXT}</p> : null}
      </div>
    </Mask>
  );
}
