import { useSearchParams } from 'react-router';
import Button from 'antd-mobile/es/components/button';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { DOCUMENT_KEYS, type DocumentKey } from '@app/contract/schemas/user.ts';
import { DOC_LOAN_CONTRACT, DOC_PRIVACY_POLICY, DOC_USER_AGREEMENT } from '@app/contract/messages/accounts.ts';
import { RETRY, TITLE_AGREEMENT } from '@app/contract/messages/app-shell.ts';
import { documentVersion } from '@app/contract/messages/help-center.ts';
import { SERVER_ERROR } from '@app/contract/messages/request-errors.ts';
import { isRequestError } from '../../../shared/api/request-error.ts';
import { NavBar } from '../../../shared/ui/nav-bar.tsx';
import { TabList, tabIdOf } from '../../../shared/ui/tab-list.tsx';
import { useDocument } from '../api/get-document.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { formatDate } from '../../../shared/utils/format.ts';
import './agreement-page.css';

const LABELS: Record<DocumentKey, string> = {
  user_agreement: DOC_USER_AGREEMENT,
  privacy_policy: DOC_PRIVACY_POLICY,
  loan_contract_template: DOC_LOAN_CONTRACT,
};
const DOCUMENT_TABS = DOCUMENT_KEYS.map((key) => ({ key, title: LABELS[key] }));
const DOCUMENT_PANEL_ID = 'agreement-panel';

function isDocumentKey(value: string | null): value is DocumentKey {
  return DOCUMENT_KEYS.some((key) => key === value);
}

function DocumentView({ documentKey }: { documentKey: DocumentKey }) {
  const doc = useDocument(documentKey);
  if (doc.isPending) return <Skeleton.Paragraph lineCount={8} animated />;
  if (doc.isError) {
    // A refusal (e.g. a document not published yet) says why; anything else can be retried.
    const refused = isRequestError(doc.error) && doc.error.kind === 'business';
    return (
      <EmptyState title={refused ? doc.error.message : SERVER_ERROR}>
        {refused ? null : (
          <Button size="small" color="primary" onClick={() => void doc.refetch()}>
            {RETRY}
          </Button>
        )}
      </EmptyState>
    );
  }
  return (
    <article className="agreement-document" aria-label={doc.data.title}>
      {/* Our own document, rendered from its stored Markdown by the server (documents module). */}
      <div className="agreement-html" dangerouslySetInnerHTML={{ __html: doc.data.html }} />
      <p className="agreement-version">{documentVersion(doc.data.version, formatDate(doc.data.updatedAt))}</p>
    </article>
  );
}

/** /pages/agreement and /pages/me/agreement: the legal documents, readable before login. */
export default function AgreementPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('key');
  const active: DocumentKey = isDocumentKey(requested) ? requested : 'user_agreement';
  return (
    <div className="page agreement-page">
      <NavBar title={TITLE_AGREEMENT} />
      <TabList
        className="agreement-tabs"
        tabs={DOCUMENT_TABS}
        active={active}
        controls={DOCUMENT_PANEL_ID}
        onChange={(key) => setParams({ key }, { replace: true })}
      />
      <main
        className="page-body"
        role="tabpanel"
        id={DOCUMENT_PANEL_ID}
        aria-labelledby={tabIdOf(DOCUMENT_PANEL_ID, DOCUMENT_KEYS.indexOf(active))}
      >
        <DocumentView documentKey={active} />
      </main>
    </div>
  );
}
