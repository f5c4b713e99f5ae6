import type { ConnectionLogEntry, DeviceControllerView } from '@cloudbox/domain';
import { Card, Col, Descriptions, Row, Space, Table, Tag, type DescriptionsProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTimeIn } from '../../../components/charts/zone';
import DeviceHeader, { useDeviceDetail } from '../../../components/DeviceHeader';
import { StatusTag } from '../../../components/DeviceStatus';
import { useView } from '../../../router/view-context';
import { devicePath, deviceScreens } from '../../../utils/device-links';
import BoxEditButton from '../../smartbox/shared/BoxEditButton';
import { formatBytes } from '../../../utils/download-core';

/** The IoT box: module facts (model, ICCID, expiry, software, IP), its controllers and its connection log. */
export default function Box() {
  const { t } = useTranslation();
  const { params } = useView();
  const boxId = params.tag_id ?? '';
  const detail = useDeviceDetail(boxId);
  const box = detail.data;
  // On the CK's clock, like the device's curves.
  const time = (value: string | number | null) =>
    value === null ? '—' : formatDateTimeIn(typeof value === 'number' ? value : Date.parse(value), box?.time_zone);
  const location = box ? [box.location.province, box.location.city, box.location.district, box.location.street].filter(Boolean).join(' ') : '';

  return (
    <div className="app-page device-page device-box">
      <DeviceHeader boxId={boxId} screen="box" />
      {box && (
        <Row gutter={[12, 12]}>
          <Col xs={24} xl={12}>
            <DetailsCard
              title={t('box.module')}
              items={[
                { key: 'ck', label: t('box.ck'), children: `${box.ck} · ${box.ck_name}` },
                { key: 'model', label: t('box.iotModel'), children: box.iot_model || '—' },
                { key: 'software', label: t('box.software'), children: box.software || '—' },
                { key: 'iccid', label: t('box.iccid'), children: box.iccid || '—' },
                { key: 'install', label: t('box.installDate'), children: box.install_date ?? '—' },
                { key: 'expiry', label: t('box.expiryDate'), children: box.expiry_date ?? '—' },
                { key: 'ip', label: t('box.lastIp'), children: box.last_ip ?? '—' },
                { key: 'server', label: t('box.serverIp'), children: box.server_ip ?? '—' },
                { key: 'usage', label: t('boxDelivery.usage.deviceFlow'), children: formatBytes(box.data_usage.bytes_up + box.data_usage.bytes_down) },
                {
                  key: 'online',
                  label: t('box.connection'),
                  children: <Tag color={box.online ? 'success' : 'default'}>{t(box.online ? 'box.online' : 'box.offline')}</Tag>,
                },
                { key: 'seen', label: t('box.lastSeen'), children: time(box.last_seen_at) },
                { key: 'changed', label: t('box.statusChanged'), children: time(box.status_changed_at) },
                { key: 'registered', label: t('box.registered'), children: time(box.registered_at) },
              ]}
            />
          </Col>
          <Col xs={24} xl={12}>
            <DetailsCard
              title={t('box.owner')}
              extra={<BoxEditButton boxId={box.box_id} />}
              items={[
                { key: 'owner', label: t('device.ownerUnit'), children: box.owner_unit || '—' },
                { key: 'contact', label: t('box.contact'), children: box.contact || '—' },
                { key: 'phone', label: t('box.phone'), children: box.phone || '—' },
                { key: 'location', label: t('box.location'), children: location || '—' },
                {
                  key: 'map',
                  label: t('box.coordinates'),
                  children:
                    box.location.latitude !== null && box.location.longitude !== null ? (
                      <Link to={`/bigScreen/bg-map/${box.box_id}`}>
                        {box.location.latitude.toFixed(4)}, {box.location.longitude.toFixed(4)}
                      </Link>
                    ) : (
                      '—'
                    ),
                },
                { key: 'remark', label: t('device.remark'), children: box.remark || '—' },
              ]}
            />
          </Col>
          <Col span={24}>
            <Card variant="borderless" title={t('box.controllers')}>
              <Table<DeviceControllerView>
                className="box-controllers"
                rowKey="controller_id"
                size="small"
                pagination={false}
                scroll={{ x: 900 }}
                dataSource={box.controllers}
                columns={[
                  { title: t('device.station'), dataIndex: 'controller_id', width: 70 },
                  { title: t('device.model'), dataIndex: 'model' },
                  { title: t('device.machineModel'), dataIndex: 'machine_model' },
                  { title: t('device.deviceNumber'), dataIndex: 'device_number' },
                  { title: t('device.status'), dataIndex: 'status', render: (_, controller) => <StatusTag state={controller.status} /> },
                  { title: t('box.valuesAt'), dataIndex: 'values_at', render: (at: number | null) => time(at) },
                  {
                    title: t('device.actions'),
                    key: 'actions',
                    render: (_, controller) => {
                      const ref = { box_id: box.box_id, controller_id: controller.controller_id, device_type: controller.device_type };
                      return (
                        <Space size={12} wrap>
                          {deviceScreens(ref)
                            .filter((screen) => screen !== 'box')
                            .map((screen) => (
                              <Link key={screen} to={devicePath(ref, screen)}>
                                {t(`device.screen.${screen}`)}
                              </Link>
                            ))}
                        </Space>
                      );
                    },
                  },
                ]}
              />
            </Card>
          </Col>
          <Col span={24}>
            <Card variant="borderless" title={t('box.connections')}>
              <Table<ConnectionLogEntry>
                className="box-connections"
                rowKey={(entry) => `${entry.at}-${entry.event}`}
                size="small"
                dataSource={box.connections}
                pagination={{ pageSize: 10 }}
                scroll={{ x: 700 }}
                columns={[
                  { title: t('box.time'), dataIndex: 'at', render: (at: string) => time(at) },
                  {
                    title: t('box.event'),
                    dataIndex: 'event',
                    render: (event: ConnectionLogEntry['event']) => <Tag color={event === 'connect' ? 'success' : 'default'}>{t(`box.${event}`)}</Tag>,
                  },
                  { title: t('box.sourceIp'), dataIndex: 'source_ip', render: (ip: string | null) => ip ?? '—' },
                  { title: t('box.destinationIp'), dataIndex: 'destination_ip', render: (ip: string | null) => ip ?? '—' },
                  { title: t('box.reason'), dataIndex: 'reason', render: (reason: string | null) => reason ?? '—' },
                ]}
              />
            </Card>
          </Col>
        </Row>
      )}
    </div>
  );
}

/** A card of label-value rows, one a line. */
function DetailsCard({ title, items, extra }: { title: string; items: DescriptionsProps['items']; extra?: ReactNode }) {
  return (
    <Card variant="borderless" title={title} extra={extra}>
      <Descriptions bordered size="small" column={1} items={items} />
    </Card>
  );
}
