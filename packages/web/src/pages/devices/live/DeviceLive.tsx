import { AlertOutlined } from '@ant-design/icons';
import type { FaultRecordView } from '@cloudbox/domain';
import { Alert, Card, Descriptions, Empty, Space, Tabs, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTimeIn } from '../../../components/charts/zone';
import DeviceHeader, { useDeviceDetail } from '../../../components/DeviceHeader';
import { useView } from '../../../router/view-context';
import { isSettled } from './command-state';
import Gauges from './Gauges';
import LockBar from './LockBar';
import RegisterValue, { isBitRegister, type WriteControls } from './RegisterValue';
import { useDeviceLive, type LiveRegister } from './useDeviceLive';
import { useWriteCommand } from './useWriteCommand';
import WriteDialog from './WriteDialog';
import './index.css';

interface LayoutEntry {
  key: string;
  name: string;
  register: LiveRegister;
}

/** The page layout's rows (name1/register1, name2/register2) flattened in reading order. */
function layoutEntries(
  layout: ReturnType<typeof useDeviceLive>['layout'],
  registers: readonly LiveRegister[],
  keep: (register: LiveRegister) => boolean,
): LayoutEntry[] {
  const byNumber = new Map(registers.map((register) => [register.number, register]));
  return layout.flatMap((row) =>
    [
      { name: row.name1, number: row.register1 },
      { name: row.name2, number: row.register2 },
    ].flatMap(({ name, number }) => {
      const register = number === null ? undefined : byNumber.get(number);
      return register && name && keep(register) ? [{ key: `${row.row}-${number}`, name, register }] : [];
    }),
  );
}

function FaultBanner({ faults, zone }: { faults: readonly FaultRecordView[]; zone: string | undefined }) {
  const { t } = useTranslation();
  if (faults.length === 0) return null;
  const worst = faults.some((fault) => fault.severity === 'fault') ? 'error' : 'warning';
  return (
    <Alert
      className="fault-banner"
      type={worst}
      showIcon
      icon={<AlertOutlined />}
      title={t('live.activeFaults', { count: faults.length })}
      description={
        <ul className="fault-banner__list">
          {faults.map((fault) => (
            <li key={fault.id} data-severity={fault.severity}>
              <Typography.Text strong>{fault.message}</Typography.Text>
              <Typography.Text type="secondary"> · {formatDateTimeIn(Date.parse(fault.started_at), zone)}</Typography.Text>
            </li>
          ))}
        </ul>
      }
    />
  );
}

function RegisterGrid({ entries, controls, columns }: { entries: LayoutEntry[]; controls: WriteControls; columns: number }) {
  const { t } = useTranslation();
  if (entries.length === 0) return <Empty description={t('live.noValues')} />;
  return (
    <Descriptions
      bordered
      size="small"
      className="register-grid"
      column={{ xs: 1, sm: 1, md: 2, lg: columns, xl: columns, xxl: columns }}
      items={entries.map((entry) => ({ key: entry.key, label: entry.name, children: <RegisterValue register={entry.register} controls={controls} /> }))}
    />
  );
}

export type LiveVariant = 'controller' | 'plc' | 'maglev';

/**
 * The live screen of a device (controller, plcController and maglev-controller): its values laid
 * out by the device type's page layout, gauges of its key values, active faults, and writes of
 * writable parameters and on/off switches, each followed until the box acks it.
 */
export default function DeviceLive({ variant }: { variant: LiveVariant }) {
  const { t } = useTranslation();
  const { params } = useView();
  const boxId = params.tag_id ?? '';
  const controllerId = Number(params.controller_id);
  const live = useDeviceLive(boxId, controllerId);
  // Times read on the CK's clock, like the device's curves.
  const zone = useDeviceDetail(boxId).data?.time_zone;
  const write = useWriteCommand(boxId, controllerId);
  const [editing, setEditing] = useState<LiveRegister | null>(null);
  const busy = write.state.phase === 'sending' || (write.state.phase === 'tracking' && !isSettled(write.state.command.state));
  const controls: WriteControls = { state: write.state, edit: setEditing, send: (register, value) => void write.send(register, value), busy };

  const all = useMemo(() => layoutEntries(live.layout, live.registers, () => true), [live.layout, live.registers]);
  const bits = useMemo(() => all.filter((entry) => isBitRegister(entry.register)), [all]);
  const words = useMemo(() => all.filter((entry) => !isBitRegister(entry.register)), [all]);
  const updated = live.ts ? formatDateTimeIn(live.ts, zone) : '—';

  return (
    <div className={`app-page device-page device-live device-live--${variant}`}>
      <DeviceHeader
        boxId={boxId}
        controllerId={controllerId}
        screen="live"
        status={live.status}
        extra={
          <Typography.Text type="secondary" className="device-live__updated" data-ts={live.ts ?? ''}>
            {t('live.updatedAt', { time: updated })}
          </Typography.Text>
        }
      />
      {live.controller && (
        <>
          <FaultBanner faults={live.faults.data?.items ?? []} zone={zone} />
          {live.unlock && <LockBar boxId={boxId} controllerId={controllerId} unlock={live.unlock} registers={live.registers} />}
          <Gauges deviceType={live.controller.device_type} registers={live.registers} />
          {variant === 'plc' ? (
            <Card variant="borderless" className="device-live__registers">
              <Tabs
                items={[
                  { key: 'bits', label: t('live.bits'), children: <RegisterGrid entries={bits} controls={controls} columns={4} /> },
                  { key: 'words', label: t('live.words'), children: <RegisterGrid entries={words} controls={controls} columns={2} /> },
                ]}
              />
            </Card>
          ) : (
            <Card
              variant="borderless"
              className="device-live__registers"
              title={t('live.parameters')}
              extra={variant === 'maglev' && <Link to={`/devices/maglev-region/${boxId}/${controllerId}`}>{t('device.screen.region')}</Link>}
            >
              <RegisterGrid entries={all} controls={controls} columns={2} />
            </Card>
          )}
          {write.state.phase === 'tracking' && isSettled(write.state.command.state) && (
            <Space className="device-live__oplog">
              <Link to="/datalog/operation-log">{t('live.operationLog')}</Link>
            </Space>
          )}
        </>
      )}
      <WriteDialog register={editing} onClose={() => setEditing(null)} onWrite={(register, value) => void write.send(register.number, value)} />
    </div>
  );
}
