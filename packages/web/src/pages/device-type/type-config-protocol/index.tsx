import { DeleteOutlined, DownloadOutlined, EditOutlined, PlusOutlined, SaveOutlined, UploadOutlined } from '@ant-design/icons';
import { formatMessage, PROTOCOL_COLUMN_LABELS, PROTOCOL_COLUMNS, type ProtocolColumn, type ProtocolRow } from '@cloudbox/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Input, Modal, Segmented, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { fieldErrorsOf } from '../../../api/boxRegistry';
import { getProtocol, protocolExportPath, saveProtocol } from '../../../api/deviceTypes';
import { useAppStore } from '../../../stores/app';
import { downloadFile } from '../../../utils/download';
import { RequestError } from '../../../utils/request';
import { BadTypeRoute, LANGUAGES, routes, useTypeRoute } from '../type-config/shared';
import RowDrawer from './RowDrawer';
import Versions from './Versions';
import '../type-config/index.css';

const WIDTHS: Partial<Record<ProtocolColumn, number>> = { number: 80, name: 180, enum: 200, data_type: 90, format: 90, mask: 90, unit: 70 };

/**
 * A type's register protocol in one language (`type-config/protocol/:id/:alias/:language`): the
 * table of the current version or of an older one, its versions, the xlsx export; edited in
 * place (a drawer per register, registers added or removed) and saved as a new version with a note.
 */
export default function TypeConfigProtocol() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const viewer = useAppStore((state) => state.language);
  const { number, language, alias, valid } = useTypeRoute();
  const [version, setVersion] = useState<number | undefined>();
  const [draft, setDraft] = useState<ProtocolRow[] | null>(null);
  const [editing, setEditing] = useState<{ index: number; row: ProtocolRow | null } | undefined>();
  const [confirming, setConfirming] = useState(false);
  const [note, setNote] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const protocol = useQuery({
    queryKey: ['device-types', 'protocol', number, language, version],
    queryFn: () => getProtocol(number, language, version),
    enabled: valid,
  });
  if (!valid) return <BadTypeRoute />;

  const view = protocol.data;
  const rows = draft ?? view?.rows ?? [];
  const shown = view?.version ?? 0;
  const old = view !== undefined && view.version !== view.current_version;

  const startEditing = () => {
    setDraft(view?.rows ?? []);
    setProblems([]);
  };
  const stopEditing = () => {
    setDraft(null);
    setProblems([]);
  };
  const applyRow = (row: ProtocolRow) => {
    if (!editing) return;
    setDraft((current) => {
      const next = [...(current ?? [])];
      if (editing.index < 0) next.push(row);
      else next[editing.index] = row;
      return next;
    });
    setEditing(undefined);
  };

  const save = async () => {
    try {
      const saved = await saveProtocol(number, { language, note: note.trim(), rows });
      void message.success(formatMessage(viewer, 'protocolSaved', { version: saved.version }));
      setConfirming(false);
      setNote('');
      stopEditing();
      setVersion(undefined);
      await queryClient.invalidateQueries({ queryKey: ['device-types'] });
    } catch (error) {
      const errors = fieldErrorsOf(error);
      setConfirming(false);
      setProblems(
        errors.length > 0
          ? errors.map((problem) => {
              const index = /^rows\.(\d+)/.exec(problem.field)?.[1];
              const register = index === undefined ? undefined : rows[Number(index)]?.number;
              return register === undefined ? problem.message : `${t('deviceTypes.protocol.register', { number: register })}: ${problem.message}`;
            })
          : [error instanceof RequestError ? error.message : String(error)],
      );
    }
  };

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
    ...(draft
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
                  onClick={() => setEditing({ index, row })}
                />
                <Button
                  type="link"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  className="protocol-row__delete"
                  aria-label={t('deviceTypes.list.delete')}
                  onClick={() => setDraft((current) => (current ?? []).filter((_, position) => position !== index))}
                />
              </Space>
            ),
          },
        ]
      : []),
  ];

  const title = view ? `${view.device_type.name} · ${alias} · ${t(`deviceTypes.languages.${language}`)}` : '';
  return (
    <div className="app-page type-config-page type-config-protocol">
      <Card
        variant="borderless"
        title={<span className="protocol__title">{title}</span>}
        extra={
          view && (
            <Tag color={old ? 'orange' : 'blue'} className="protocol__version">
              v{shown}
            </Tag>
          )
        }
      >
        <div className="type-config-page__toolbar">
          <Segmented
            className="protocol__language"
            value={language}
            options={LANGUAGES.map((code) => ({ value: code, label: t(`deviceTypes.languages.${code}`) }))}
            onChange={(code) => {
              stopEditing();
              void navigate(routes.protocol(number, code, alias));
            }}
          />
          <span className="type-config-page__spacer" />
          {draft ? (
            <>
              <Button icon={<PlusOutlined />} className="protocol__add" onClick={() => setEditing({ index: -1, row: null })}>
                {t('deviceTypes.protocol.addRow')}
              </Button>
              <Button onClick={stopEditing}>{t('deviceTypes.edit.cancel')}</Button>
              <Button type="primary" icon={<SaveOutlined />} className="protocol__save" disabled={rows.length === 0} onClick={() => setConfirming(true)}>
                {t('deviceTypes.protocol.save')}
              </Button>
            </>
          ) : (
            <>
              <Button type="primary" icon={<EditOutlined />} className="protocol__edit" disabled={!view || old} onClick={startEditing}>
                {t('deviceTypes.protocol.edit')}
              </Button>
              <Link to={routes.upload(number, language)}>
                <Button icon={<UploadOutlined />} className="protocol__upload">
                  {t('deviceTypes.list.upload')}
                </Button>
              </Link>
              <Button
                icon={<DownloadOutlined />}
                className="protocol__export"
                disabled={!view || view.rows.length === 0}
                onClick={() => void downloadFile(protocolExportPath(number), { language }, `protocol-${number}-${language}.xlsx`, () => {})}
              >
                {t('deviceTypes.protocol.export')}
              </Button>
            </>
          )}
        </div>
        {old && (
          <Alert
            type="warning"
            showIcon
            className="protocol__old"
            style={{ marginBottom: 12 }}
            message={t('deviceTypes.protocol.oldVersion', { version: shown, current: view.current_version })}
            action={
              <Button size="small" onClick={() => setVersion(undefined)}>
                {t('deviceTypes.protocol.current')}
              </Button>
            }
          />
        )}
        {draft && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('deviceTypes.protocol.editingHint')} />}
        {problems.length > 0 && (
          <Alert
            type="error"
            showIcon
            className="protocol__problems"
            style={{ marginBottom: 12 }}
            message={t('deviceTypes.protocol.problems')}
            description={
              <ul className="protocol__problem-list">
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            }
          />
        )}
        <Table<ProtocolRow>
          className="protocol__table"
          rowKey={(row) => `${row.number}`}
          size="small"
          columns={columns}
          dataSource={rows}
          loading={protocol.isFetching}
          scroll={{ x: 1500 }}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          onRow={(row) => ({ 'data-register': row.number }) as React.HTMLAttributes<HTMLElement>}
          locale={{ emptyText: <Typography.Text type="secondary">{t('deviceTypes.protocol.empty')}</Typography.Text> }}
        />
      </Card>
      {view && <Versions versions={view.versions} shown={shown} onShow={(picked) => setVersion(picked === view.current_version ? undefined : picked)} />}
      <RowDrawer row={editing?.row ?? (editing ? null : undefined)} viewer={viewer} onSave={applyRow} onClose={() => setEditing(undefined)} />
      <Modal
        open={confirming}
        title={t('deviceTypes.protocol.saveTitle', { version: (view?.current_version ?? 0) + 1 })}
        okText={t('deviceTypes.protocol.save')}
        cancelText={t('deviceTypes.edit.cancel')}
        okButtonProps={{ className: 'protocol-save__ok' }}
        onOk={() => void save()}
        onCancel={() => setConfirming(false)}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('deviceTypes.protocol.saveHint', { count: rows.length })}</Typography.Paragraph>
        <Input
          className="protocol-save__note"
          placeholder={t('deviceTypes.upload.note')}
          value={note}
          maxLength={200}
          onChange={(event) => setNote(event.target.value)}
        />
      </Modal>
    </div>
  );
}
