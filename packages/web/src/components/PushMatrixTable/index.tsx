import { CHANNEL_KINDS, MESSAGE_TYPES, type MessageType, type PushMatrix } from '@cloudbox/domain';
import { Checkbox, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { ticked, toggled } from '../../utils/push-matrix';
import { channelKindLabel } from '../ChannelForm';
import NoticeTypeTag from '../NoticeTypeTag';

interface Props {
  /** The matrix ticked so far (a form control's value: undefined is none ticked). */
  value?: PushMatrix;
  onChange?: (next: PushMatrix) => void;
  loading?: boolean;
  /** Shows the in-app column, always ticked (a user's own matrix: the inbox gets every type). */
  inApp?: boolean;
}

/**
 * Which message types go through which channel kinds, as a table of checkboxes: a user's choice in
 * the profile, a push setting's matrix in root's notification management (a form control there).
 */
export default function PushMatrixTable({ value, onChange, loading, inApp }: Props) {
  const { t } = useTranslation();
  const matrix = value ?? {};
  return (
    <Table<{ type: MessageType }>
      className="push-matrix-table"
      rowKey="type"
      size="small"
      pagination={false}
      loading={loading}
      dataSource={MESSAGE_TYPES.map((type) => ({ type }))}
      columns={[
        { title: t('notifications.type'), dataIndex: 'type', render: (type: MessageType) => <NoticeTypeTag type={type} /> },
        ...(inApp ? [{ title: t('notifications.settings.inApp'), key: 'inApp', align: 'center' as const, render: () => <Checkbox checked disabled /> }] : []),
        ...CHANNEL_KINDS.map((kind) => ({
          title: channelKindLabel(kind),
          key: kind,
          align: 'center' as const,
          render: (_: unknown, row: { type: MessageType }) => (
            <Checkbox
              data-cell={`${row.type}:${kind}`}
              checked={ticked(matrix, row.type, kind)}
              onChange={(event) => onChange?.(toggled(matrix, row.type, kind, event.target.checked))}
            />
          ),
        })),
      ]}
    />
  );
}
