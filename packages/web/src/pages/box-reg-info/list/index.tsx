import { formatDateTime, type BoxWithSecret, type RegistryItem } from '@cloudbox/domain';
import { PlusOutlined, QrcodeOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Card, Input, Space, Table, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { listRegistrations, REGISTRY_EXPORT_PATH, rotateSecret } from '../../../api/boxRegistry';
import ExportButton, { streamedReport } from '../../../components/ExportButton';
import { useUserStore } from '../../../stores/user';
import { downloadFile } from '../../../utils/download';
import QrLabelsDialog, { type QrLabelsTarget } from '../shared/QrLabelsDialog';
import SecretDialog from '../shared/SecretDialog';
import '../shared/box-registry.css';

interface Filters {
  keyword?: string;
  ck?: string;
}

/**
 * /box-reg-info/list: the registered boxes (root all companies, limited_admin its own), searched by
 * id, CK, model or ICCID and paged on the server; exported as xlsx; a box's secret renewed (the new
 * one shown once with its label); QR labels of a box or of an id range printed.
 */
export default function BoxRegList() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const isRoot = useUserStore((state) => state.user?.roles.includes('root') ?? false);
  const [draft, setDraft] = useState<Filters>({});
  const [filters, setFilters] = useState<Filters>({});
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const [issued, setIssued] = useState<BoxWithSecret | null>(null);
  const [labels, setLabels] = useState<QrLabelsTarget | null>(null);
  const params = { keyword: filters.keyword || undefined, ck: filters.ck || undefined, page: paging.page, page_size: paging.pageSize };
  const boxes = useQuery({ queryKey: ['box-registry', params], queryFn: () => listRegistrations(params), placeholderData: keepPreviousData });
  const search = (next: Filters) => {
    setFilters(next);
    setPaging((current) => ({ ...current, page: 1 }));
  };

  function confirmRotate(id: string) {
    modal.confirm({
      title: t('boxRegistration.list.rotateTitle', { id }),
      content: t('boxRegistration.list.rotateText'),
      className: 'box-reg-list__rotate-confirm',
      onOk: async () => {
        setIssued(await rotateSecret(id));
        void queryClient.invalidateQueries({ queryKey: ['box-registry'] });
      },
    });
  }

  const columns: TableProps<RegistryItem>['columns'] = [
    { title: t('boxRegistration.common.boxId'), dataIndex: 'id', width: 130, render: (id: string) => <Link to={`/devices/box/${id}`}>{id}</Link> },
    { title: t('boxRegistration.common.ck'), dataIndex: 'ck', width: 80 },
    { title: t('boxRegistration.common.model'), dataIndex: 'model', width: 110, ellipsis: true },
    { title: t('boxRegistration.common.iccid'), dataIndex: 'iccid', width: 190, ellipsis: true },
    {
      title: t('boxRegistration.common.controllers'),
      dataIndex: 'controllers',
      width: 200,
      ellipsis: true,
      render: (controllers: RegistryItem['controllers']) => controllers.map((controller) => `${controller.station}:${controller.device_type}`).join('; '),
    },
    { title: t('boxRegistration.common.owner'), dataIndex: 'owner', width: 120, render: (owner: string | null) => owner ?? '—' },
    { title: t('boxRegistration.common.salesChannel'), dataIndex: 'sales_channel', width: 120, render: (channel: string | null) => channel ?? '—' },
    {
      title: t('boxRegistration.common.status'),
      dataIndex: 'online',
      width: 90,
      render: (online: boolean) => <Badge status={online ? 'success' : 'default'} text={t(`boxRegistration.common.${online ? 'online' : 'offline'}`)} />,
    },
    { title: t('boxRegistration.common.registeredAt'), dataIndex: 'registered_at', width: 160, render: (time: string) => formatDateTime(new Date(time)) },
    {
      title: t('boxRegistration.list.actions'),
      key: 'actions',
      width: 210,
      fixed: 'right',
      render: (_value, box) => (
        <Space size={4}>
          <Button size="small" className="box-reg-list__rotate" onClick={() => confirmRotate(box.id)}>
            {t('boxRegistration.list.rotate')}
          </Button>
          <Button size="small" icon={<QrcodeOutlined />} className="box-reg-list__qr-label" onClick={() => setLabels({ kind: 'box', boxId: box.id })}>
            {t('qrLabels.rowAction')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div className="app-page box-reg-list">
      <Card variant="borderless">
        <div className="box-registry-toolbar">
          <Input
            className="box-registry-toolbar__keyword"
            allowClear
            placeholder={t('boxRegistration.common.keyword')}
            value={draft.keyword}
            onChange={(event) => setDraft({ ...draft, keyword: event.target.value })}
            onPressEnter={() => search(draft)}
          />
          {isRoot && (
            <Input
              className="box-registry-toolbar__ck"
              allowClear
              maxLength={4}
              placeholder={t('boxRegistration.common.ck')}
              value={draft.ck}
              onChange={(event) => setDraft({ ...draft, ck: event.target.value })}
              onPressEnter={() => search(draft)}
            />
          )}
          <Button type="primary" className="box-reg-list__search" onClick={() => search(draft)}>
            {t('boxRegistration.common.search')}
          </Button>
          <Button
            onClick={() => {
              setDraft({});
              search({});
            }}
          >
            {t('boxRegistration.common.reset')}
          </Button>
          <ExportButton
            disabled={!boxes.data?.total}
            run={(report, signal) =>
              downloadFile(
                REGISTRY_EXPORT_PATH,
                { keyword: params.keyword, ck: params.ck },
                'boxes.xlsx',
                (progress) => report(streamedReport(progress, t)),
                signal,
              )
            }
          >
            {t('boxRegistration.list.export')}
          </ExportButton>
          <Button icon={<QrcodeOutlined />} className="box-reg-list__qr-labels" onClick={() => setLabels({ kind: 'range' })}>
            {t('qrLabels.rangeAction')}
          </Button>
          <Link to="/box-reg-info/create">
            <Button icon={<PlusOutlined />}>{t('boxRegistration.list.create')}</Button>
          </Link>
        </div>
        <Table<RegistryItem>
          className="box-reg-list__table"
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={boxes.data?.items}
          loading={boxes.isFetching}
          scroll={{ x: 1410 }}
          onRow={(box) => ({ 'data-box': box.id }) as React.HTMLAttributes<HTMLElement>}
          pagination={{
            current: paging.page,
            pageSize: paging.pageSize,
            total: boxes.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (count) => t('boxRegistration.common.total', { count }),
            onChange: (page, pageSize) => setPaging({ page, pageSize }),
          }}
        />
      </Card>
      <SecretDialog issued={issued} onClose={() => setIssued(null)} />
      <QrLabelsDialog target={labels} onClose={() => setLabels(null)} />
    </div>
  );
}
