import Button from 'antd-mobile/es/components/button';
import List from 'antd-mobile/es/components/list';
import Tag from 'antd-mobile/es/components/tag';
import { BankcardOutline } from 'antd-mobile-icons';
import { BANK_CARD_DEFAULT_BADGE, BANK_CARD_SET_DEFAULT } from '@app/contract/messages/bank-accounts.ts';
import type { BankCard } from '../api/bind-card-list.ts';

interface CardListProps {
  cards: BankCard[];
  header?: string;
  /** Offers 設為預設 on the other cards. */
  onSetDefault?: (cardId: string) => void;
  busy?: boolean;
}

/** Bound cards as the server answers them: the account only as `****1234`. */
export function CardList({ cards, header, onSetDefault, busy }: CardListProps) {
  return (
    <List mode="card" header={header} className="card-list">
      {cards.map((card) => (
        <List.Item
          key={card.id}
          prefix={<BankcardOutline className="card-icon" />}
          description={[card.branchName, card.holderName].filter(Boolean).join('・')}
          extra={
            card.isDefault ? (
              <Tag color="primary" fill="outline">
                {BANK_CARD_DEFAULT_BADGE}
              </Tag>
            ) : onSetDefault ? (
              <Button size="mini" shape="rounded" disabled={busy} onClick={() => onSetDefault(card.id)}>
                {BANK_CARD_SET_DEFAULT}
              </Button>
            ) : null
          }
          data-testid="bank-card"
        >
          <span className="card-bank">{card.bankName}</span> <span className="card-account">{card.accountMasked}</span>
        </List.Item>
      ))}
    </List>
  );
}
