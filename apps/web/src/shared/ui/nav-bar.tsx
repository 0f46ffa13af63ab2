import { lazy, Suspense, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import AntNavBar from 'antd-mobile/es/components/nav-bar';
import { LeftOutline } from 'antd-mobile-icons';
import { BACK } from '@app/contract/messages/app-shell.ts';
import { useHistoryBackGuard } from '../hooks/use-history-back-guard.ts';
import { usePageChrome } from './page-chrome.ts';

/** The popup (and its animation library) is fetched the first time back is pressed. */
const QuitPopup = lazy(() => import('./quit-popup.tsx'));

/** SPEC.md section 3's navigation bar properties, plus handlers for the right icons. */
export interface NavBarProps {
  title?: string;
  rightIcon?: ReactNode;
  rightIconB?: ReactNode;
  onRightIcon?: () => void;
  onRightIconB?: () => void;
  /** Default white. */
  bgColor?: string;
  /** Back opens the quit-confirmation popup instead of leaving. Default false. */
  otherBack?: boolean;
  /** Show the floating customer-service button. Default true. */
  showService?: boolean;
  /** Tab pages are roots: they have no back button. Default true. */
  showBack?: boolean;
  /** Where back leads when it is not the page before (the end of a finished flow). */
  backTo?: string;
}

export function NavBar({
  title = '',
  rightIcon,
  rightIconB,
  onRightIcon,
  onRightIconB,
  bgColor = '#ffffff',
  otherBack = false,
  showService = true,
  showBack = true,
  backTo,
}: NavBarProps) {
  const { back, ServiceButton } = usePageChrome();
  const [quitOpen, setQuitOpen] = useState(false);
  // The phone's back button asks too where the page's back asks.
  const leaveGuard = useHistoryBackGuard(otherBack && showBack, () => setQuitOpen(true));
  const headerRef = useRef<HTMLElement>(null);

  // The library marks its left area role="button" whether or not it holds anything, and
  // never makes it focusable: an unnamed, unreachable button. The back button below is a
  // real one, so the area loses the role.
  useLayoutEffect(() => {
    headerRef.current?.querySelector('.adm-nav-bar-left')?.removeAttribute('role');
  }, []);

  const right =
    rightIcon || rightIconB ? (
      <div className="nav-bar-right">
        {rightIcon ? (
          <button type="button" className="nav-bar-icon" onClick={onRightIcon}>
            {rightIcon}
          </button>
        ) : null}
        {rightIconB ? (
          <button type="button" className="nav-bar-icon" onClick={onRightIconB}>
            {rightIconB}
          </button>
        ) : null}
      </div>
    ) : null;

  return (
    <>
      <header className="nav-bar" style={{ background: bgColor }} ref={headerRef}>
        <AntNavBar
          back={null}
          left={
            showBack ? (
              <button
                type="button"
                className="adm-nav-bar-back nav-bar-back"
                aria-label={BACK}
                onClick={() => (otherBack ? setQuitOpen(true) : back(backTo))}
              >
                <LeftOutline aria-hidden />
              </button>
            ) : null
          }
          right={right}
        >
          <h1 className="nav-bar-title">{title}</h1>
        </AntNavBar>
      </header>
      {otherBack && quitOpen ? (
        <Suspense fallback={null}>
          <QuitPopup
            visible={quitOpen}
            onContinue={() => setQuitOpen(false)}
            onLeave={() => {
              setQuitOpen(false);
              leaveGuard(() => back(backTo));
            }}
          />
        </Suspense>
      ) : null}
      {showService ? <ServiceButton /> : null}
    </>
  );
}
