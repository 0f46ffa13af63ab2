import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Form, Input, Space, Spin, Typography } from 'antd';
import { ADMIN_ORIGINS_RULE } from '@app/contract/admin/admin-messages.ts';
import { useApiOrigins, useSaveApiOrigins } from '../api/api-origins.ts';

const HTTPS_ORIGIN = /^https:\/\/[^/?#\s]+\/?$/;

function ApiOriginsForm({ origins }: { origins: string[] }) {
  const save = useSaveApiOrigins();
  const { message } = App.useApp();
  return (
    <Form<{ origins: string[] }>
      initialValues={{ origins }}
      onFinish={(values) => save.mutate(values.origins.map((origin) => origin.trim()), { onSuccess: () => void message.success('已儲存，App 將於數秒內取得新的網址清單') })}
    >
      <Form.List name="origins">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field, index) => (
              <Space key={field.key} align="baseline">
                <Typography.Text type="secondary">{index + 1}.</Typography.Text>
                <Form.Item name={field.name} rules={[{ required: true, pattern: HTTPS_ORIGIN, message: ADMIN_ORIGINS_RULE }]}>
                  <Input placeholder="https://api2.example.com.tw" style={{ width: 420 }} aria-label={`API 網址 ${index + 1}`} />
                </Form.Item>
                <MinusCircleOutlined aria-label="移除" onClick={() => remove(field.name)} />
              </Space>
            ))}
            <Form.Item>
              <Button type="dashed" onClick={() => add('')} icon={<PlusOutlined />} disabled={fields.length >= 10}>
                新增網址
              </Button>
            </Form.Item>
          </>
        )}
      </Form.List>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        儲存網址清單
      </Button>
    </Form>
  );
}

/** What the borrowers' app reads from the console: the API origins (changeDomainName) and campaigns (activity/award). */
export default function SettingsPage() {
  const origins = useApiOrigins();
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Card title="API 網址清單（changeDomainName）">
        <Typography.Paragraph type="secondary">
          App 目前的網址無法連線時，依此順序改用下一個網址。僅接受 https:// 開頭、不含路徑的網址；清單為空時 App 維持目前的網址。
        </Typography.Paragraph>
        {origins.data ? <ApiOriginsForm origins={origins.data.origins} /> : <Spin />}
      </Card>
      <Card title="活動（activity/award）">
        <Alert
          type="info"
          showIcon
          message="目前不提供任何活動"
          description="活動只能是有期限的利息折扣，且必須計入試算與總費用年百分率，不得為借款現金獎勵。試算尚未支援折扣前，App 取得的活動清單為空。"
        />
      </Card>
    </Space>
  );
}
