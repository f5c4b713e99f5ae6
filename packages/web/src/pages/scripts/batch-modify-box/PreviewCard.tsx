import type { BatchBoxChanges, BatchBoxPreview, BatchBoxPreviewItem } from '@cloudbox/domain';
import { Card, Space, Table, Tag, Typography, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The preview: every box of the request, its fields before → after, or why it is left alone. */
export default function PreviewCard({ preview, changes }: { preview: BatchBoxPreview; changes: BatchBoxChanges }) {
  const { t } = useTranslation();
  const shown = (value: string | undefined) => (value ? value : t('batchJobs.box.empty'));

  const columns: TableProps<BatchBoxPreviewItem>['columns'] = [
    {
      title: t('batchJobs.box.boxId'),
      dataIndex: 'box_id',
      width: 150,
      render: (id: string, row) => (row.missing ? id : <Link to={`/devices/box/${id}`}>{id}</Link>),
    },
    {
      title: t('batchJobs.box.changes'),
      key: 'changes',
      render: (_, row) => {
        if (row.missing) return <Tag color="error">{t('batchJobs.box.missing')}</Tag>;
        if (row.changed.length === 0) return <Tag>{t('batchJobs.box.unchanged')}</Tag>;
        return (
          <Space direction="vertical" size={0}>
            {row.changed.map((field) => (
              <span key={field} className="batch-box__change" data-field={field}>
                {t(`batchJobs.box.field.${field}`)}: <Typography.Text delete>{shown(row.current?.[field])}</Typography.Text> →{' '}
                <Typography.Text strong>{changes[field]}</Typography.Text>
              </span>
            ))}
          </Space>
        );
      },
    },
  ];

  return (
    <Card
      variant="borderless"
      title={t('batchJobs.box.summary', { boxes: preview.boxes, changing: preview.changing, missing: preview.missing })}
      className="batch-box__preview-card"
    >
      <Table<BatchBoxPreviewItem>
        className="batch-box__table"
        rowKey="box_id"
        size="small"
        columns={columns}
        dataSource={preview.items}
        pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
        onRow={(row) => ({ 'data-box': row.box_id }) as React.HTMLAttributes<HTMLElement>}
      />
    </Card>
  );
}
