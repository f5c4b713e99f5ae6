import { UploadOutlined } from '@ant-design/icons';
import { formatDateTime, type ProgramView } from '@cloudbox/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Input, Popconfirm, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { deleteProgram, listPrograms } from '../../../api/plcPrograms';
import { formatBytes } from '../../../utils/download-core';
import { useChange } from '../../../utils/use-change';
import ModelSelect from '../shared/ModelSelect';
import { shortDigest } from '../shared/program-file';
import DeliverDrawer from './DeliverDrawer';
import '../shared/plc-program.css';

/**
 * /plcProgram/plc-program-list (root): every program version (model, version, size, SHA-256, who
 * and when), filtered by model and a word; deliver one to a box id range and watch the job, or
 * delete a version no delivery is using.
 */
export default function PlcProgramList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [filter, setFilter] = useState<{ device_type_id?: string; keyword?: string }>({});
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const [delivering, setDelivering] = useState<ProgramView>();
  const change = useChange([['plc-programs']]);
  const programs = useQuery({
    queryKey: ['plc-programs', filter, paging],
    queryFn: () => listPrograms({ ...filter, page: paging.page, page_size: paging.pageSize }),
    placeholderData: keepPreviousData,
  });

  return (
    <div className="app-page plc-program-list">
      <Card variant="borderless">
        <div className="plc-program-list__toolbar">
          <ModelSelect
            className="plc-program-list__model"
            allowClear
            placeholder={t('plcProgram.list.allModels')}
            value={filter.device_type_id}
            onChange={(id) => {
              setFilter((current) => ({ ...current, device_type_id: id }));
              setPaging((current) => ({ ...current, page: 1 }));
            }}
          />
          <Input.Search
            allowClear
            className="plc-program-list__keyword"
            placeholder={t('plcProgram.list.keyword')}
            style={{ width: 260 }}
            onSearch={(value) => {
              setFilter((current) => ({ ...current, keyword: value.trim() || undefined }));
              setPaging((current) => ({ ...current, page: 1 }));
            }}
          />
          <Button type="primary" icon={<UploadOutlined />} onClick={() => void navigate('/plcProgram/plc-program-upload')}>
            {t('plcProgram.list.upload')}
          </Button>
          <Button onClick={() => void navigate('/plcProgram/plc-program-record')}>{t('plcProgram.list.records')}</Button>
        </div>
        <Table<ProgramView>
          className="plc-program-list__table"
          rowKey="id"
          size="small"
          loading={programs.isLoading}
          dataSource={programs.data?.items ?? []}
          scroll={{ x: 1500 }}
          onRow={(program) => ({ 'data-program': `${program.name} ${program.version}` }) as React.HTMLAttributes<HTMLElement>}
          pagination={{
            current: paging.page,
            pageSize: paging.pageSize,
            total: programs.data?.total ?? 0,
            showSizeChanger: true,
            onChange: (page, pageSize) => setPaging({ page, pageSize }),
          }}
          columns={[
            {
              title: t('plcProgram.list.name'),
              dataIndex: 'name',
              width: 220,
              render: (name: string, program) => (
                <Space direction="vertical" size={0}>
                  <Typography.Text strong>{name}</Typography.Text>
                  {program.notes && <Typography.Text type="secondary">{program.notes}</Typography.Text>}
                </Space>
              ),
            },
            { title: t('plcProgram.list.version'), dataIndex: 'version', width: 170, render: (version: string) => <Tag color="blue">{version}</Tag> },
            { title: t('plcProgram.list.model'), dataIndex: 'device_type_name', width: 170 },
            { title: t('plcProgram.list.file'), dataIndex: 'file_name', ellipsis: true, width: 170 },
            { title: t('plcProgram.list.size'), dataIndex: 'size', width: 100, render: (size: number) => formatBytes(size) },
            {
              title: t('plcProgram.list.sha256'),
              dataIndex: 'sha256',
              width: 190,
              render: (sha256: string) => (
                <Tooltip title={sha256}>
                  <Typography.Text className="plc-program-list__digest" copyable={{ text: sha256 }}>
                    {shortDigest(sha256)}
                  </Typography.Text>
                </Tooltip>
              ),
            },
            { title: t('plcProgram.list.uploadedBy'), dataIndex: 'username', width: 120 },
            { title: t('plcProgram.list.uploadedAt'), dataIndex: 'created_at', width: 170, render: (at: string) => formatDateTime(Date.parse(at)) },
            {
              title: t('plcProgram.list.deliveries'),
              key: 'deliveries',
              width: 130,
              render: (_, program) => (
                <Space size={4} wrap>
                  <Typography.Link onClick={() => void navigate(`/plcProgram/plc-program-record?program_id=${program.id}`)}>
                    {t('plcProgram.list.deliveriesCount', { count: program.deliveries })}
                  </Typography.Link>
                  {program.active_deliveries > 0 && <Tag color="processing">{t('plcProgram.list.activeCount', { count: program.active_deliveries })}</Tag>}
                </Space>
              ),
            },
            {
              title: t('plcProgram.list.actions'),
              key: 'actions',
              fixed: 'right',
              width: 140,
              render: (_, program) => (
                <Space size={4}>
                  <Button type="link" size="small" className="plc-program-list__deliver" onClick={() => setDelivering(program)}>
                    {t('plcProgram.list.deliver')}
                  </Button>
                  <Popconfirm title={t('plcProgram.list.deleteConfirm')} onConfirm={() => void change(() => deleteProgram(program.id))}>
                    <Button type="link" size="small" danger className="plc-program-list__delete">
                      {t('plcProgram.list.delete')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <DeliverDrawer program={delivering} onClose={() => setDelivering(undefined)} />
    </div>
  );
}
