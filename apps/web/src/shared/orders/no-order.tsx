import { useNavigate } from 'react-router';
import Button from 'antd-mobile/es/components/button';
import type { RoutePath } from '../config/route-paths.ts';
import { EmptyState } from '../ui/empty-state.tsx';

/** A page about one order opened without one: says so and leads where the borrower can go on. */
export function NoOrder({ title, backLabel, backTo }: { title: string; backLabel: string; backTo: RoutePath }) {
  const navigate = useNavigate();
  return (
    <EmptyState title={title}>
      <Button color="primary" shape="rounded" onClick={() => navigate(backTo)}>
        {backLabel}
      </Button>
    </EmptyState>
  );
}
