import { Button, Form, Input, Typography } from 'antd';
import { Navigate, useNavigate } from 'react-router';
import { useSession } from '../../../shared/api/session.ts';
import { useSignIn } from '../api/sign-in.ts';
import { AuthFrame } from './auth-frame.tsx';

interface LoginValues {
  username: string;
  password: string;
  code: string;
}

/** Name, password and the authenticator's 6-digit code (or a recovery code) on one form. */
export default function LoginPage() {
  const session = useSession();
  const signIn = useSignIn();
  const navigate = useNavigate();
  if (session.data) return <Navigate to="/" replace />;
  return (
    <AuthFrame title="登入">
      <Form<LoginValues>
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => signIn.mutate(values, { onSuccess: () => void navigate('/') })}
      >
        <Form.Item label="帳號" name="username" rules={[{ required: true, message: '請輸入帳號' }]}>
          <Input autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item label="密碼" name="password" rules={[{ required: true, message: '請輸入密碼' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label="驗證碼"
          name="code"
          extra="驗證器 App 上的 6 位數字，或一組備用碼"
          rules={[{ required: true, message: '請輸入驗證碼' }]}
        >
          <Input autoComplete="one-time-code" inputMode="numeric" maxLength={16} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={signIn.isPending}>
          登入
        </Button>
      </Form>
      <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
        閒置 15 分鐘將自動登出。連續輸入錯誤 5 次，帳號將暫時鎖定 15 分鐘。
      </Typography.Paragraph>
    </AuthFrame>
  );
}
