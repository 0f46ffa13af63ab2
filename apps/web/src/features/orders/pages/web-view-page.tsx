import { useSearchParams } from 'react-router';
import { CloseCircleOutline } from 'antd-mobile-icons';
import { TITLE_WEB_VIEW } from '@app/contract/messages/app-shell.ts';
import * as T from '@app/contract/messages/order-pages.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { NavBar } from '../../../shared/ui/nav-bar.tsx';
import { acceptedWebViewUrl } from '../utils/web-view-url.ts';
import './orders.css';

/** A title from the address, kept short enough for the nav bar. */
const TITLE_MAX = 20;

/**
 * /pages/order/webView?url=&title= — an external page (a gateway's checkout) inside the
 * app frame, with its title and back. Only https addresses (or the app's own origin) are
 * shown; anything else is refused with a message. The page cannot reach the app: it is a
 * cross-origin frame, sandboxed to what a checkout needs (scripts, forms, its own popups).
 */
export default function WebViewPage() {
  const [params] = useSearchParams();
  const url = acceptedWebViewUrl(params.get('url'), window.location.origin);
  const title = (params.get('title') ?? '').trim().slice(0, TITLE_MAX) || TITLE_WEB_VIEW;
  const ownOrigin = url !== null && url.origin === window.location.origin;
  return (
    <div className="page web-view-page">
      <NavBar title={title} showService={false} />
      {url ? (
        <main className="web-view-body">
          <iframe
            className="web-view-frame"
            title={title}
            src={url.toString()}
            // A page of our own origin gets no same-origin right: with scripts it could lift its own sandbox.
            sandbox={
              ownOrigin
                ? 'allow-scripts allow-forms'
                : 'allow-scripts allow-forms allow-same-origin allow-popups allow-popups-to-escape-sandbox'
            }
            referrerPolicy="no-referrer"
            data-testid="web-view-frame"
          />
          <a className="web-view-outside" href={url.toString()} target="_blank" rel="noopener noreferrer">
            {T.WEB_VIEW_OPEN_OUTSIDE}
          </a>
        </main>
      ) : (
        <main className="page-body">
          <EmptyState title={T.WEB_VIEW_REFUSED} description={T.WEB_VIEW_REFUSED_HINT} icon={<CloseCircleOutline />} />
        </main>
      )}
    </div>
  );
}
