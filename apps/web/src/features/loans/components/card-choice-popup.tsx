import Button from 'antd-mobile/es/components/button';
import CheckList from 'antd-mobile/es/components/check-list';
import Popup from 'antd-mobile/es/components/popup';
import { AddOutline } from 'antd-mobile-icons';
import { APPLY_CARD_ADD, APPLY_CARD_CHOOSE } from '@app/contract/messages/loan-pages.ts';
import type { LoanInitCard } from '../api/loan-init.ts';
import { cardLabel } from './card-label.ts';

/** The receiving accounts to choose from, in a popup from the bottom, and a way to add one (applyFor's CardPicker). */
export default function CardChoicePopup({
  cards,
  value,
  open,
  onClose,
  onChange,
  onAddCard,
}: {
  cards: readonly LoanInitCard[];
  value: string | undefined;
  open: boolean;
  onClose: () => void;
  onChange: (id: string) => void;
  onAddCard: () => void;
}) {
  return (
    <Popup visible={open} onMaskClick={onClose} bodyStyle={{ borderTopLeftRadius: 16, borderTopRightRadius: 16 }}>
      <div className="card-popup">
        <h2 className="card-popup-title">{APPLY_CARD_CHOOSE}</h2>
        <CheckList
          value={value ? [value] : []}
          onChange={(ids) => {
            const [id] = ids;
            if (typeof id === 'string') onChange(id);
            onClose();
          }}
        >
          {cards.map((card) => (
            <CheckList.Item key={card.id} value={card.id} description={card.holderName}>
              {cardLabel(card)}
            </CheckList.Item>
          ))}
        </CheckList>
        <Button block fill="none" color="primary" onClick={onAddCard}>
          <AddOutline aria-hidden /> {APPLY_CARD_ADD}
        </Button>
      </div>
    </Popup>
  );
}
