import type { ReactNode } from 'react';
import { FileOutline } from 'antd-mobile-icons';

interface EmptyStateProps {
  title: string;
  description?: string;
  icon?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/**
 * A light empty/error state. antd-mobile's ErrorBlock bundles four large illustrations
 * whichever one is shown, a tenth of the first load's budget.
 */
export function EmptyState({ title, description, icon, children, className }: EmptyStateProps) {
  return (
    <div className={className ? `empty-state ${className}` : 'empty-state'}>
      <div className="empty-state-icon" aria-hidden>
        {icon ?? <FileOutline />}
      </div>
      <p className="empty-state-title">{title}</p>
      {description ? <p className="empty-state-description">{description}</p> : null}
      {children}
    </div>
  );
}
