import { Alert, Button, Form, Input, List, Result, Space, Spin, Typography } from 'antd';
import { OPERATOR_ROLE_LABELS } from '@app/contract/admin/admin-roles.ts';
import { ADMIN_PASSWORD_RULE } from '@app/contract/admin/admin-messages.ts';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useCompleteEnrolment, useShowEnrolment } from '../api/sign-in.ts';
import { AuthFrame } from './auth-frame.tsx';

interface EnrolValues {
  password: string;
  confirm: string;
  code: string;
}

/**
 * The one-time enrolment link: the operator scans the QR code into an authenticator app,
 * chooses a password and proves the app works with its first code; the recovery codes are
 * shown once.
 */
export default function EnrolPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const show = useShowEnrolment();
  const complete = useCompleteEnrolment();
  const { mutate: showMutate } = show;
  useEffect(() => showMutate(token), [showMutate, token]);

  if (complete.data) {
    return (
      <AuthFrame title="啟用完成" width={520}>
        <Alert
          type="warning"
          showIcon
          message="請抄寫或列印以下備用碼並妥善保存：手機遺失時，每組可代替驗證碼登入一次。此頁關閉後不會再顯示。"
        />
        <List
          style={{ margin: '16px 0' }}
          grid={{ column: 2 }}
          dataSource={complete.data.recoveryCodes}
          renderItem={(code) => (
            <List.Item>
              <Typography.Text code copyable>
                {code}
              </Typography.Text>
            </List.Item>
          )}
          aria-label="備用碼"
        />
        <Button type="primary" block onClick={() => void navigate('/login')}>
          我已保存備用碼，前往登入
        </Button>
      </AuthFrame>
    );
  }
  if (show.isError) {
    return (
      <AuthFrame title="帳號啟用">
        <Result status="warning" title={show.error.message} />
      </AuthFrame>
    );
  }
  if (!show.data) return <Spin fullscreen />;
  const enrolment = show.data;
  return (
    <AuthFrame title="帳號啟用" width={560}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Text>
          帳號 <Typography.Text strong>{enrolment.username}</Typography.Text>（{OPERATOR_ROLE_LABELS[enrolment.role]}）
        </Typography.Text>
        <Typography.Text>1. 以驗證器 App（Google Authenticator、Microsoft Authenticator 等）掃描 QR 碼：</Typography.Text>
        <Space align="start" size="large">
          <img src={enrolment.qrDataUrl} width={180} height={180} alt="兩步驟驗證 QR 碼" />
          <Typography.Paragraph type="secondary" style={{ maxWidth: 260 }}>
            無法掃描時，請手動輸入金鑰：
            <Typography.Text code copyable style={{ wordBreak: 'break-all' }} data-testid="totp-secret">
              {enrolment.secret}
            </Typography.Text>
          </Typography.Paragraph>
        </Space>
        <Typography.Text>2. 設定密碼，並輸入 App 顯示的 6 位數驗證碼：</Typography.Text>
        <Form<EnrolValues>
          layout="vertical"
          requiredMark={false}
          onFinish={({ password, code }) => complete.mutate({ token, password, code })}
        >
          <Form.Item
            label="密碼"
            name="password"
            extra={ADMIN_PASSWORD_RULE}
            rules={[{ required: true, min: 12, message: ADMIN_PASSWORD_RULE }]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            label="再次輸入密碼"
            name="confirm"
            dependencies={['password']}
            rules={[
              { required: true, message: '請再次輸入密碼' },
              ({ getFieldValue }) => ({
                validator: (_rule, value) =>
                  value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error('兩次輸入的密碼不一致')),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item label="驗證碼" name="code" rules={[{ required: true, pattern: /^\d{6}$/, message: '請輸入 6 位數驗證碼' }]}>
            <Input inputMode="numeric" maxLength={6} autoComplete="one-time-code" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={complete.isPending}>
            完成啟用
          </Button>
        </Form>
      </Space>
    </AuthFrame>
  );
}
