import List from 'antd-mobile/es/components/list';
import Popup from 'antd-mobile/es/components/popup';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { ME_MENU_MY_DATA, MY_DATA_INTRO } from '@app/contract/messages/accounts.ts';
import { EMPTY_STATE } from '@app/contract/messages/app-shell.ts';
import { useUserDataList } from '../api/user-data-list.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import './sheet.css';

const LONG_VALUE = 20;

export interface MyDataPopupProps {
  visible: boolean;
  onClose: () => void;
}

/** PDPA right of access: every category of personal data we hold about the user. */
export function MyDataPopup({ visible, onClose }: MyDataPopupProps) {
  const data = useUserDataList(visible);
  const categories = data.data?.categories ?? [];
  return (
    <Popup visible={visible} onMaskClick={onClose} bodyClassName="sheet sheet-tall" showCloseButton onClose={onClose}>
      <section className="sheet-form" aria-label={ME_MENU_MY_DATA}>
        <h2 className="sheet-title">{ME_MENU_MY_DATA}</h2>
        <p className="sheet-text">{MY_DATA_INTRO}</p>
        <div className="sheet-scroll">
          {data.isPending ? <Skeleton.Paragraph lineCount={5} animated /> : null}
          {data.isSuccess && categories.length === 0 ? <EmptyState title={EMPTY_STATE} /> : null}
          {categories.map((category) => (
            <List key={category.category} header={category.label} mode="card">
              {category.items.length === 0 ? (
                <List.Item>{EMPTY_STATE}</List.Item>
              ) : (
                category.items.map((item) =>
                  // Long values (a device's user agent) read better under their label.
                  item.value.length > LONG_VALUE ? (
                    <List.Item key={item.label} description={item.value}>
                      {item.label}
                    </List.Item>
                  ) : (
                    <List.Item key={item.label} extra={item.value}>
                      {item.label}
                    </List.Item>
                  ),
                )
              )}
            </List>
          ))}
        </div>
      </section>
    </Popup>
  );
}
