import { isLanguage, type BoxConfigVersion } from '@cloudbox/domain';
import { useQuery } from '@tanstack/react-query';
import { Card, Result, Table, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { listConfigVersions } from '../../../api/boxDelivery';
import { useView } from '../../../router/view-context';
import { formatBytes } from '../../../utils/download-core';
import { timeText } from './tables';

/** The model and language of a configuration page (`:id`, `:language`), and whether the language is one of the four. */
export function useConfigTarget() {
  const { params } = useView();
  const id = params.id ?? '';
  const language = params.language ?? '';
  return { id, language, valid: /^\d+$/.test(id) && isLanguage(language) };
}

/** A language outside zh, en, es, ja (or a model id that is not a number) names no configuration file. */
export function BadConfigTarget() {
  const { t } = useTranslation();
  return <Result status="404" title="404" subTitle={t('boxDelivery.config.badTarget')} className="config-page__bad" />;
}

export function useConfigVersions(id: string, language: string, enabled: boolean) {
  return useQuery({ queryKey: ['box-config-versions', id, language], queryFn: () => listConfigVersions(id, language), enabled });
}

/** A model's versions in one language, newest first; `action` renders a row's own button. */
export function ConfigVersions(props: {
  id: string;
  language: string;
  extra?: ReactNode;
  action?: (version: BoxConfigVersion) => ReactNode;
  selected?: number;
}) {
  const { t } = useTranslation();
  const versions = useConfigVersions(props.id, props.language, true);
  const columns: TableProps<BoxConfigVersion>['columns'] = [
    { title: t('boxDelivery.config.version'), dataIndex: 'version', width: 80, render: (version: number) => `v${version}` },
    { title: t('boxDelivery.config.fileName'), dataIndex: 'file_name', width: 180, ellipsis: true },
    { title: t('boxDelivery.config.size'), dataIndex: 'bytes', width: 90, render: formatBytes },
    { title: 'SHA-256', dataIndex: 'sha256', width: 140, ellipsis: true },
    { title: t('boxDelivery.config.uploadedBy'), dataIndex: 'uploaded_by', width: 110, render: (name: string | null) => name ?? '—' },
    { title: t('boxDelivery.config.uploadedAt'), dataIndex: 'created_at', width: 160, render: timeText },
    ...(props.action
      ? [{ title: t('boxDelivery.common.actions'), key: 'action', width: 80, render: (_: unknown, row: BoxConfigVersion) => props.action!(row) }]
      : []),
  ];
  const model = versions.data?.model.name;
  return (
    <Card variant="borderless" title={`${t('boxDelivery.config.versionsTitle')}${model ? ` · ${model} · ${props.language}` : ''}`}>
      {props.extra && <div className="smartbox-page__toolbar">{props.extra}</div>}
      <Table<BoxConfigVersion>
        className="config-versions"
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={versions.data?.versions}
        loading={versions.isFetching && !versions.data}
        scroll={{ x: 840 }}
        rowClassName={(row) => (row.version === props.selected ? 'ant-table-row-selected' : '')}
        onRow={(row) => ({ 'data-version': row.version }) as React.HTMLAttributes<HTMLElement>}
        locale={{ emptyText: t('boxDelivery.config.noVersion') }}
        pagination={false}
      />
    </Card>
  );
}
