import type { ReactNode } from 'react';
import { UserCircleOutline } from 'antd-mobile-icons';
import type { RoutePath } from '../config/route-paths.ts';
import { useSession } from '../session/session.ts';
import { EmptyState } from './empty-state.tsx';
import { LoginButton } from './login-button.tsx';

/** A page that only means something logged in: a login prompt instead of calls that would 301. */
export function LoginGate({ returnTo, prompt, children }: { returnTo: RoutePath; prompt: string; children: ReactNode }) {
  const { loggedIn } = useSession();
  if (!loggedIn) {
    return (
      <EmptyState title={prompt} icon={<UserCircleOutline />}>
        <LoginButton returnTo={returnTo} />
      </EmptyState>
    );
  }
  return <>{children}</>;
}
