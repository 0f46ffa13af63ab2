import { Button, Card, Empty, Input, Space, Table, Typography } from 'antd';
import { CUSTOMER_SEARCH_KINDS, type TCustomerSearchResponse } from '@app/contract/admin/admin-customer-schemas.ts';
import { useNavigate, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { useCustomerSearch } from '../api/customers.ts';

type Item = TCustomerSearchResponse['items'][number];

/** Customer service's search: one exact value (mobile, ID number, order number) → the person and, for an order number, the order. */
export default function CustomersPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const search = useCustomerSearch(q);
  const navigate = useNavigate();
  return (
    <Card title="用戶與訂單查詢">
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Input.Search
          aria-label="查詢條件"
          placeholder="手機號碼、身分證字號或訂單編號（完整輸入）"
          defaultValue={q}
          enterButton="查詢"
          allowClear
          style={{ maxWidth: 520 }}
          loading={search.isFetching}
          onSearch={(value) => setParams(value.trim() ? { q: value.trim() } : {})}
        />
        {search.data && (
          <>
            <Typography.Text type="secondary">
              {search.data.kind ? `依${CUSTOMER_SEARCH_KINDS[search.data.kind]}查詢，找到 ${search.data.items.length} 筆` : ''}
            </Typography.Text>
            <Table<Item>
              rowKey="userId"
              size="middle"
              pagination={false}
              dataSource={search.data.items}
              locale={{ emptyText: <Empty description="查無符合的用戶或訂單" /> }}
              columns={[
                { title: '用戶編號', dataIndex: 'userId', width: 110 },
                { title: '姓名', dataIndex: 'name', render: (name: string | null) => name ?? '（尚未填寫）' },
                { title: '手機', dataIndex: 'mobile', render: (mobile: string | null) => mobile ?? '（已刪除帳號）' },
                { title: '註冊時間', dataIndex: 'registeredAt', render: formatDateTime },
                {
                  title: '',
                  key: 'open',
                  render: (_: unknown, item) => (
                    <Space>
                      <Button type="primary" onClick={() => void navigate(`/customers/${item.userId}`)}>
                        查看用戶
                      </Button>
                      {item.orderId !== null && (
                        <Button onClick={() => void navigate(`/orders/${item.orderId}`)}>{`查看訂單 ${item.orderNo ?? ''}`}</Button>
                      )}
                    </Space>
                  ),
                },
              ]}
            />
          </>
        )}
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          查詢結果的姓名與手機一律遮罩；開啟用戶或訂單頁會記錄於操作紀錄。
        </Typography.Paragraph>
      </Space>
    </Card>
  );
}
