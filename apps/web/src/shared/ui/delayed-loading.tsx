import { useEffect, useState } from 'react';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import { LOADING } from '@app/contract/messages/app-shell.ts';

/** SPEC.md section 9: async components show their loading state only after 200 ms. */
export const ASYNC_DELAY_MS = 200;

/**
 * Shows nothing for `delayMs`, then a loading line: fast loads never flash. The empty
 * element of the first 200 ms is already marked busy, for assistive technology.
 */
export function DelayedLoading({ delayMs = ASYNC_DELAY_MS }: { delayMs?: number }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return (
    <div className="delayed-loading" role="status" aria-busy="true">
      {visible ? (
        <>
          <DotLoading color="primary" />
          <span>{LOADING}</span>
        </>
      ) : null}
    </div>
  );
}
