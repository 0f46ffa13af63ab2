import { useNavigate } from 'react-router';
import Button from 'antd-mobile/es/components/button';
import { ME_LOGIN_BUTTON } from '@app/contract/messages/accounts.ts';
import { loginPathFor, type RoutePath } from '../config/route-paths.ts';

/** '登入/註冊' on a page that shows more once logged in; login brings the user back here. */
export function LoginButton({ returnTo }: { returnTo: RoutePath }) {
  const navigate = useNavigate();
  return (
    <Button color="primary" shape="rounded" onClick={() => navigate(loginPathFor(returnTo))}>
      {ME_LOGIN_BUTTON}
    </Button>
  );
}
