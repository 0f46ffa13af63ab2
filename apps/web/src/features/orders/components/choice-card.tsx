import type { ReactNode } from 'react';
import Radio from 'antd-mobile/es/components/radio';

interface ChoiceCardProps {
  value: string;
  title: ReactNode;
  extra?: ReactNode;
  children?: ReactNode;
  disabled?: boolean;
  testId?: string;
}

/** One choice of a Radio.Group, as a tappable card: its title, an amount on the right, details below. */
export function ChoiceCard({ value, title, extra, children, disabled, testId }: ChoiceCardProps) {
  return (
    <div className={`choice-card${disabled ? ' choice-card-disabled' : ''}`} data-testid={testId}>
      <Radio value={value} disabled={disabled} block>
        <span className="choice-card-head">
          <span className="choice-card-title">{title}</span>
          {extra ? <span className="choice-card-extra">{extra}</span> : null}
        </span>
      </Radio>
      {children ? <div className="choice-card-body">{children}</div> : null}
    </div>
  );
}
