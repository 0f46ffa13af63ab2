import { useState } from 'react';
import { useNavigate } from 'react-router';
import List from 'antd-mobile/es/components/list';
import Tag from 'antd-mobile/es/components/tag';
import { BankcardOutline } from 'antd-mobile-icons';
import { APPLY_CARD, APPLY_CARD_ADD, APPLY_CARD_CHOOSE, APPLY_CARD_DEFAULT, APPLY_CARD_NONE } from '@app/contract/messages/loan-pages.ts';
import { ROUTES } from '../../../shared/config/route-paths.ts';
import { asyncComponent } from '../../../shared/ui/async-component.tsx';
import type { LoanInitCard } from '../api/loan-init.ts';
import { cardLabel } from './card-label.ts';

const CardChoicePopup = asyncComponent(() => import('./card-choice-popup.tsx'), { loading: 'overlay' });

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
  const [opened, setOpened] = useState(false);
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
            onClick={() => {
              setOpened(true);
              setOpen(true);
            }}
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
      {/* The choice's code (popup, check list) is fetched on the first tap, not with the page. */}
      {opened ? (
        <CardChoicePopup cards={cards} value={value} open={open} onClose={() => setOpen(false)} onChange={onChange} onAddCard={addCard} />
      ) : null}
    </>
  );
}
