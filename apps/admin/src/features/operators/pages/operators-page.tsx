import { Button, Card, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { ADMIN_USERNAME_RULE } from '@app/contract/admin/admin-messages.ts';
import { OPERATOR_ROLE_LABELS, OPERATOR_ROLES, type TOperatorRole } from '@app/contract/admin/admin-roles.ts';
import type { TEnrolmentLinkResponse, TOperatorListResponse } from '@app/contract/admin/admin-schemas.ts';
import { useState } from 'react';
import { useSession } from '../../../shared/api/session.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { useCreateOperator, useOperators, useReissueEnrolment, useUpdateOperator } from '../api/operators.ts';

type Row = TOperatorListResponse['items'][number];
const ROLE_OPTIONS = OPERATOR_ROLES.map((role) => ({ value: role, label: OPERATOR_ROLE_LABELS[role] }));

function EnrolmentLinkModal({ link, onClose }: { link: (TEnrolmentLinkResponse & { username: string }) | null; onClose: () => void }) {
  const url = link ? `${window.location.origin}${link.enrolmentPath}` : '';
  return (
    <Modal
      open={link !== null}
      title={`${link?.username ?? ''} 的啟用連結`}
      onCancel={onClose}
      footer={<Button onClick={onClose}>關閉</Button>}
    >
      <Typography.Paragraph>
        請以安全的方式交給本人。連結只能使用一次，於 {formatDateTime(link?.expiresAt)} 前有效；本人開啟後自行設定密碼與兩步驟驗證。
      </Typography.Paragraph>
      <Typography.Paragraph code copyable style={{ wordBreak: 'break-all' }}>
        {url}
      </Typography.Paragraph>
    </Modal>
  );
}

/** Operators and their roles (administrators only): add one (an enrolment link, never a password), change a role, disable, reissue a link. */
export default function OperatorsPage() {
  const operators = useOperators();
  const me = useSession().data?.operator;
  const create = useCreateOperator();
  const update = useUpdateOperator();
  const reissue = useReissueEnrolment();
  const [adding, setAdding] = useState(false);
  const [link, setLink] = useState<(TEnrolmentLinkResponse & { username: string }) | null>(null);
  const [form] = Form.useForm<{ username: string; role: TOperatorRole }>();

  return (
    <Card
      title="操作人員"
      extra={
        <Button type="primary" onClick={() => setAdding(true)}>
          新增操作人員
        </Button>
      }
    >
      <Table<Row>
        rowKey="id"
        loading={operators.isPending}
        dataSource={operators.data?.items ?? []}
        pagination={false}
        columns={[
          { title: '帳號', dataIndex: 'username' },
          {
            title: '角色',
            dataIndex: 'role',
            render: (role: TOperatorRole, row) =>
              row.id === me?.id ? (
                OPERATOR_ROLE_LABELS[role]
              ) : (
                <Select
                  size="small"
                  value={role}
                  options={ROLE_OPTIONS}
                  style={{ width: 130 }}
                  aria-label={`${row.username} 的角色`}
                  onChange={(next) => update.mutate({ id: row.id, role: next })}
                />
              ),
          },
          {
            title: '狀態',
            key: 'state',
            render: (_value, row) => (
              <Space>
                {row.disabled ? (
                  <Tag color="red">已停用</Tag>
                ) : row.enrolled ? (
                  <Tag color="green">已啟用</Tag>
                ) : (
                  <Tag color="orange">待啟用</Tag>
                )}
                {row.lockedUntil && new Date(row.lockedUntil) > new Date() ? (
                  <Tag color="red">鎖定至 {formatDateTime(row.lockedUntil)}</Tag>
                ) : null}
              </Space>
            ),
          },
          { title: '最後登入', dataIndex: 'lastLoginAt', render: formatDateTime },
          { title: '建立時間', dataIndex: 'createdAt', render: formatDateTime },
          {
            title: '處理',
            key: 'actions',
            render: (_value, row) =>
              row.id === me?.id ? null : (
                <Space>
                  <Popconfirm
                    title={row.disabled ? '重新啟用此帳號？' : '停用此帳號？其登入中的工作階段將立即結束。'}
                    okText="確定"
                    cancelText="取消"
                    onConfirm={() => update.mutate({ id: row.id, disabled: !row.disabled })}
                  >
                    <Button size="small" danger={!row.disabled}>
                      {row.disabled ? '重新啟用' : '停用'}
                    </Button>
                  </Popconfirm>
                  <Popconfirm
                    title="重發啟用連結？舊連結將失效；本人使用新連結後，舊密碼與驗證器即失效。"
                    okText="重發"
                    cancelText="取消"
                    onConfirm={() => reissue.mutate(row.id, { onSuccess: (result) => setLink({ ...result, username: row.username }) })}
                  >
                    <Button size="small">重發啟用連結</Button>
                  </Popconfirm>
                </Space>
              ),
          },
        ]}
      />
      <Modal
        open={adding}
        title="新增操作人員"
        okText="建立並產生啟用連結"
        onCancel={() => setAdding(false)}
        onOk={() => form.submit()}
        okButtonProps={{ loading: create.isPending }}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          initialValues={{ role: 'reviewer' }}
          onFinish={(values) =>
            create.mutate(values, {
              onSuccess: (result) => {
                setAdding(false);
                form.resetFields();
                setLink({ ...result, username: values.username });
              },
            })
          }
        >
          <Form.Item
            name="username"
            label="帳號"
            rules={[{ required: true, pattern: /^[a-z0-9._-]{3,32}$/, message: ADMIN_USERNAME_RULE }]}
          >
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item name="role" label="角色">
            <Select options={ROLE_OPTIONS} aria-label="角色" />
          </Form.Item>
        </Form>
      </Modal>
      <EnrolmentLinkModal link={link} onClose={() => setLink(null)} />
    </Card>
  );
}
