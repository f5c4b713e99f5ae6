import type { ProtocolVersion } from '@cloudbox/domain';
import { Button, Card, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { timeText } from '../../smartbox/shared/tables';

/** A protocol's versions, newest first: how each came (seed, edit or upload in a language), who, when, how many registers, the note. */
export default function Versions({ versions, shown, onShow }: { versions: ProtocolVersion[]; shown: number; onShow(version: number): void }) {
  const { t } = useTranslation();
  const source = (text: string) => {
    const [how, language] = text.split(':');
    return `${t(`deviceTypes.protocol.sources.${how}`, { defaultValue: how })}${language ? ` · ${t(`deviceTypes.languages.${language}`)}` : ''}`;
  };
  const columns: TableColumnsType<ProtocolVersion> = [
    { title: t('deviceTypes.protocol.version'), dataIndex: 'version', width: 80, render: (version: number) => `v${version}` },
    { title: t('deviceTypes.protocol.source'), dataIndex: 'source', width: 130, render: source },
    { title: t('deviceTypes.protocol.registers'), dataIndex: 'registers', width: 90, align: 'right' },
    { title: t('deviceTypes.protocol.by'), dataIndex: 'created_by', width: 110, render: (name: string | null) => name ?? '—' },
    { title: t('deviceTypes.protocol.at'), dataIndex: 'created_at', width: 170, render: timeText },
    { title: t('deviceTypes.protocol.note'), dataIndex: 'note', ellipsis: true, render: (note: string) => note || '—' },
    {
      title: t('deviceTypes.list.actions'),
      key: 'show',
      width: 90,
      render: (_: unknown, row) =>
        row.version === shown ? (
          t('deviceTypes.protocol.shown')
        ) : (
          <Button type="link" size="small" className="protocol-version__show" onClick={() => onShow(row.version)}>
            {t('deviceTypes.protocol.show')}
          </Button>
        ),
    },
  ];
  return (
    <Card variant="borderless" title={t('deviceTypes.protocol.versions')}>
      <Table<ProtocolVersion>
        className="protocol-versions"
        rowKey="version"
        size="small"
        columns={columns}
        dataSource={versions}
        pagination={false}
        scroll={{ x: 800 }}
        rowClassName={(row) => (row.version === shown ? 'ant-table-row-selected' : '')}
        onRow={(row) => ({ 'data-version': row.version }) as React.HTMLAttributes<HTMLElement>}
        locale={{ emptyText: t('deviceTypes.protocol.noVersion') }}
      />
    </Card>
  );
}
