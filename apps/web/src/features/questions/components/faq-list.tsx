import Collapse from 'antd-mobile/es/components/collapse';
import { FAQ_NO_RESULT } from '@app/contract/messages/help-center.ts';
import type { UserQuestions } from '../api/user-question-query.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';

/** The FAQ, one collapsible list per group. */
export function FaqList({ faq }: { faq: UserQuestions['faq'] }) {
  if (faq.length === 0) {
    return <EmptyState title={FAQ_NO_RESULT} className="faq-empty" />;
  }
  return (
    <div className="faq-groups">
      {faq.map((group) => (
        <section key={group.group} className="faq-group" aria-label={group.group}>
          <h3 className="faq-group-title">{group.group}</h3>
          <Collapse>
            {group.items.map((item) => (
              <Collapse.Panel key={item.id} title={item.question}>
                <p className="faq-answer">{item.answer}</p>
              </Collapse.Panel>
            ))}
          </Collapse>
        </section>
      ))}
    </div>
  );
}
