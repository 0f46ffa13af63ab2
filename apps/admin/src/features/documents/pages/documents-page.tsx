import { App, Button, Card, Drawer, Form, Input, Space, Spin, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { TDocumentListResponse, TDocumentPublish, TDocumentVersionsResponse } from '@app/contract/admin/admin-config-schemas.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { useDocuments, useDocumentVersions, usePublishDocument } from '../api/documents.ts';

type DocumentRow = TDocumentListResponse['items'][number];
type VersionRow = TDocumentVersionsResponse['items'][number];

function PublishForm({ document, current, onDone }: { document: DocumentRow; current: VersionRow | undefined; onDone: () => void }) {
  const publish = usePublishDocument(document.key);
  const { message } = App.useApp();
  return (
    <Form<TDocumentPublish>
      layout="vertical"
      initialValues={{ version: '', title: current?.title ?? document.title, body: current?.body ?? '' }}
      onFinish={(values) =>
        publish.mutate(values, {
          onSuccess: () => {
            void message.success(`已發布 ${values.version} 版：App 即日起顯示此版本，新註冊的使用者同意此版本`);
            onDone();
          },
        })
      }
    >
      <Space size="large">
        <Form.Item
          name="version"
          label="新版本代號"
          rules={[
            { required: true, pattern: /^[0-9A-Za-z.\-_]{1,20}$/, message: '版本代號限 1 至 20 個英數字、點、底線或連字號，例如 2026-12' },
          ]}
        >
          <Input placeholder="2026-12" style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="title" label="標題" rules={[{ required: true, max: 40 }]}>
          <Input style={{ width: 260 }} />
        </Form.Item>
      </Space>
      <Form.Item name="body" label="內容（Markdown）" rules={[{ required: true, min: 20 }]}>
        <Input.TextArea rows={14} style={{ fontFamily: 'monospace' }} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={publish.isPending}>
        發布新版本
      </Button>
    </Form>
  );
}

function VersionsDrawer({ document, onClose }: { document: DocumentRow | null; onClose: () => void }) {
  const versions = useDocumentVersions(document?.key ?? null);
  const [publishing, setPublishing] = useState(false);
  const close = () => {
    setPublishing(false);
    onClose();
  };
  return (
    <Drawer open={document !== null} width={900} title={`「${document?.title ?? ''}」的版本`} onClose={close} destroyOnClose>
      {!versions.data || !document ? (
        <Spin />
      ) : (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Typography.Paragraph type="secondary">
            發布新版本後，App 顯示新版本，之後註冊的使用者同意新版本；已註冊的使用者保留其當時同意的版本。舊版本保留於此，不可修改。
          </Typography.Paragraph>
          {document.publishable ? (
            publishing ? (
              <PublishForm document={document} current={versions.data.items[0]} onDone={() => setPublishing(false)} />
            ) : (
              <Button type="primary" onClick={() => setPublishing(true)}>
                以目前版本為底稿，撰寫新版本
              </Button>
            )
          ) : (
            <Tag>此文件由系統依契約內容產生，無法在後台發布新版本</Tag>
          )}
          <Table<VersionRow>
            rowKey="version"
            dataSource={versions.data.items}
            pagination={false}
            expandable={{
              expandedRowRender: (row) => (
                <pre style={{ whiteSpace: 'pre-wrap', margin: 0, maxHeight: 320, overflow: 'auto' }}>{row.body}</pre>
              ),
            }}
            columns={[
              {
                title: '版本',
                dataIndex: 'version',
                render: (version: string, _row, index) =>
                  index === 0 ? (
                    <Space>
                      {version}
                      <Tag color="green">目前版本</Tag>
                    </Space>
                  ) : (
                    version
                  ),
              },
              { title: '標題', dataIndex: 'title' },
              { title: '同意人數', dataIndex: 'acceptedBy' },
              { title: '發布者', dataIndex: 'publishedBy' },
              { title: '發布時間', dataIndex: 'publishedAt', render: formatDateTime },
            ]}
          />
        </Space>
      )}
    </Drawer>
  );
}

/** The user agreement and the privacy policy, versioned (administrators only): a new version is what new users accept. */
export default function DocumentsPage() {
  const documents = useDocuments();
  const [open, setOpen] = useState<DocumentRow | null>(null);
  if (!documents.data) return <Spin />;
  return (
    <Card title="條款與隱私權政策">
      <Table<DocumentRow>
        rowKey="key"
        dataSource={documents.data.items}
        pagination={false}
        columns={[
          { title: '文件', dataIndex: 'title' },
          { title: '目前版本', dataIndex: 'version' },
          { title: '更新時間', dataIndex: 'updatedAt', render: formatDateTime },
          {
            title: '處理',
            render: (_value, row) => (
              <Button size="small" onClick={() => setOpen(row)}>
                {row.publishable ? '版本與發布' : '版本'}
              </Button>
            ),
          },
        ]}
      />
      <VersionsDrawer document={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
