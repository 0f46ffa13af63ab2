import { useState } from 'react';
import { useNavigate } from 'react-router';
import Button from 'antd-mobile/es/components/button';
import CheckList from 'antd-mobile/es/components/check-list';
import List from 'antd-mobile/es/components/list';
import Popup from 'antd-mobile/es/components/popup';
import Tag from 'antd-mobile/es/components/tag';
import { AddOutline, BankcardOutline } from 'antd-mobile-icons';
import { APPLY_CARD, APPLY_CARD_ADD, APPLY_CARD_CHOOSE, APPLY_CARD_DEFAULT, APPLY_CARD_NONE } from '@app/contract/messages/loan-pages.ts';
import { ROUTES } from '../../../shared/config/route-paths.ts';
import type { LoanInitCard } from '../api/loan-init.ts';

function cardLabel(card: LoanInitCard): string {
  return `${card.bankName} ${card.accountMasked}`;
}

/** The receiving account: the chosen card (the default one at first), others in a popup, or a way to add one. */
export function CardPicker({
  cards,
  value,
  onChange,
}: {
  cards: readonly LoanInitCard[];
  value: string | undefined;
  onChange: (id: string) => void;
}) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const chosen = cards.find((card) => card.id === value);
  const addCard = () => void navigate(ROUTES.addBank);

  if (cards.length === 0) {
    return (
      <section className="apply-section apply-card">
        <h2 className="apply-label">{APPLY_CARD}</h2>
        <List>
          <List.Item prefix={<BankcardOutline />} onClick={addCard} description={APPLY_CARD_NONE} data-testid="apply-card-add">
            {APPLY_CARD_ADD}
          </List.Item>
        </List>
      </section>
    );
  }

  return (
    <>
      <section className="apply-section apply-card">
        <h2 className="apply-label">{APPLY_CARD}</h2>
        <List>
          <List.Item
            prefix={<BankcardOutline />}
            onClick={() => setOpen(true)}
            description={chosen ? chosen.holderName : undefined}
            extra={
              chosen?.isDefault ? (
                <Tag color="primary" fill="outline">
                  {APPLY_CARD_DEFAULT}
                </Tag>
              ) : null
            }
            data-testid="apply-card"
          >
            {chosen ? cardLabel(chosen) : APPLY_CARD_CHOOSE}
          </List.Item>
        </List>
      </section>
      <Popup visible={open} onMaskClick={() => setOpen(false)} bodyStyle={{ borderTopLeftRadius: 16, borderTopRightRadius: 16 }}>
        <div className="card-popup">
          <h2 className="card-popup-title">{APPLY_CARD_CHOOSE}</h2>
          <CheckList
            value={value ? [value] : []}
            onChange={(ids) => {
              const [id] = ids;
              if (typeof id === 'string') onChange(id);
              setOpen(false);
            }}
          >
            {cards.map((card) => (
              <CheckList.Item key={card.id} value={card.id} description={card.holderName}>
                {cardLabel(card)}
              </CheckList.Item>
            ))}
          </CheckList>
          <Button block fill="none" color="primary" onClick={addCard}>
            <AddOutline aria-hidden /> {APPLY_CARD_ADD}
          </Button>
        </div>
      </Popup>
    </>
  );
}
