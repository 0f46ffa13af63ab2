import Button from 'antd-mobile/es/components/button';
import Popup from 'antd-mobile/es/components/popup';
import {
  QUOTE_APR,
  QUOTE_RECEIVED,
  QUOTE_TOTAL,
  TIPS_CANCEL,
  TIPS_CONFIRM,
  TIPS_TITLE,
  TIPS_TOTAL_COST,
} from '@app/contract/messages/loan-pages.ts';
import type { CheckTips } from '../api/loan-apply.ts';
import { formatMoney, formatPercent } from '../../../shared/utils/format.ts';

interface CheckTipsPopupProps {
  tips: CheckTips | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * What the borrower reads and agrees to before the application is created: the figures
 * (received, total repayment, total cost, APR), then the server's statements — the total
 * cost, the APR with its footnote, the contract review period, early repayment.
 */
export default function CheckTipsPopup({ tips, busy, onCancel, onConfirm }: CheckTipsPopupProps) {
  const quote = tips?.quote;
  const cost = quote ? quote.totalRepayment - quote.amountReceived : 0;
  return (
    <Popup
      visible={tips !== null}
      onMaskClick={busy ? undefined : onCancel}
      bodyClassName="tips-popup"
      bodyStyle={{ borderTopLeftRadius: 16, borderTopRightRadius: 16 }}
      destroyOnClose
    >
      {tips && quote ? (
        <div className="tips" role="dialog" aria-labelledby="tips-title" data-testid="check-tips">
          <h2 id="tips-title" className="tips-title">
            {TIPS_TITLE}
          </h2>
          <div className="tips-body">
            <dl className="tips-figures">
              <div>
                <dt>{QUOTE_RECEIVED}</dt>
                <dd>{formatMoney(quote.amountReceived)}</dd>
              </div>
              <div>
                <dt>{QUOTE_TOTAL}</dt>
                <dd>{formatMoney(quote.totalRepayment)}</dd>
              </div>
              <div>
                <dt>{TIPS_TOTAL_COST}</dt>
                <dd data-testid="tips-total-cost">{formatMoney(cost)}</dd>
              </div>
              <div>
                <dt>{QUOTE_APR}</dt>
                <dd data-testid="tips-apr">{formatPercent(quote.aprPercent)}</dd>
              </div>
            </dl>
            <ul className="tips-list">
              {tips.tips.map((tip) => (
                <li key={tip.title}>
                  <strong>{tip.title}</strong>
                  <span>{tip.text}</span>
                </li>
              ))}
            </ul>
          </div>
          <div className="tips-actions">
            <Button shape="rounded" block disabled={busy} onClick={onCancel}>
              {TIPS_CANCEL}
            </Button>
            <Button color="primary" shape="rounded" block loading={busy} onClick={onConfirm}>
              {TIPS_CONFIRM}
            </Button>
          </div>
        </div>
      ) : null}
    </Popup>
  );
}
