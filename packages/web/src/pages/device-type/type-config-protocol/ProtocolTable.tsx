import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { formatMessage, PROTOCOL_COLUMN_LABELS, PROTOCOL_COLUMNS, type Language, type ProtocolColumn, type ProtocolRow } from '@cloudbox/domain';
import { Button, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';

const WIDTHS: Partial<Record<ProtocolColumn, number>> = { number: 80, name: 180, enum: 200, data_type: 90, format: 90, mask: 90, unit: 70 };

interface Props {
  rows: ProtocolRow[];
  viewer: Language;
  loading: boolean;
  /** The table is being edited: each row gets its edit and delete buttons. */
  editing: boolean;
  onEdit(index: number, row: ProtocolRow): void;
  onDelete(index: number): void;
}

/** The protocol's registers, a row each (`data-register`), every column; with edit and delete buttons while editing. */
export default function ProtocolTable({ rows, viewer, loading, editing, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  const cell = (column: ProtocolColumn) => (value: ProtocolRow[ProtocolColumn]) => {
    if (value === null || value === undefined || value === '') return '—';
    if (typeof value === 'boolean') return value ? <Tag color="green">{t('deviceTypes.list.yes')}</Tag> : '—';
    if (column === 'data_type') return <Tag>{value}</Tag>;
    return String(value);
  };
  const columns: TableColumnsType<ProtocolRow> = [
    ...PROTOCOL_COLUMNS.map((column) => ({
      title: formatMessage(viewer, PROTOCOL_COLUMN_LABELS[column]),
      dataIndex: column,
      width: WIDTHS[column] ?? 80,
      ellipsis: column === 'enum',
      fixed: column === 'number' ? ('left' as const) : undefined,
      render: cell(column),
    })),
    ...(editing
      ? [
          {
            title: t('deviceTypes.list.actions'),
            key: 'actions',
            width: 90,
            fixed: 'right' as const,
            render: (_: unknown, row: ProtocolRow, index: number) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  icon={<EditOutlined />}
                  className="protocol-row__edit"
                  aria-label={t('deviceTypes.list.edit')}
                  onClick={() => onEdit(index, row)}
                />
                <Button
                  type="link"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  className="protocol-row__delete"
                  aria-label={t('deviceTypes.list.delete')}
                  onClick={() => onDelete(index)}
                />
              </Space>
            ),
          },
        ]
      : []),
  ];
  return (
    <Table<ProtocolRow>
      className="protocol__table"
      rowKey={(row) => `${row.number}`}
      size="small"
      columns={columns}
      dataSource={rows}
      loading={loading}
      scroll={{ x: 1500 }}
      pagination={{ pageSize: 50, hideOnSinglePage: true }}
      onRow={(row) => ({ 'data-register': row.number }) as React.HTMLAttributes<HTMLElement>}
      locale={{ emptyText: <Typography.Text type="secondary">{t('deviceTypes.protocol.empty')}</Typography.Text> }}
    />
  );
}
