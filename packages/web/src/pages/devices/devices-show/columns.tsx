import { MoreOutlined } from '@ant-design/icons';
import { DEVICE_FIELD_LABELS, formatMessage, RUN_STATE_LABELS, type DeviceItem, type DeviceSortField, type Language, type RunState } from '@cloudbox/domain';
import { Dropdown, Tag, type TableColumnType } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { StatusTag } from '../../../components/DeviceStatus';
import { currentLanguage } from '../../../i18n';
import { devicePath, deviceScreens, type DeviceScreen } from '../../../utils/device-links';
import { usePopupOnDemand } from '../../../utils/popup-on-demand';
import { isVirtualPage, type DeviceListState } from './filters';
import { renewalState } from './renewal';

const RENEWAL_COLORS = { expired: 'red', this_month: 'orange', next_month: 'gold' } as const;

/**
 * The device list's columns, sorted as `state` says (the server sorts; the table only shows the
 * arrow). The same array until the sort, the paging mode or the language changes: a live status
 * change draws only its row again.
 */
export function useDeviceColumns(state: DeviceListState): TableColumnType<DeviceItem>[] {
  const { t } = useTranslation();
  const language = currentLanguage();
  const virtual = isVirtualPage(state);
  return useMemo(() => deviceColumns({ sort: state.sort, order: state.order, virtual }, language, t), [state.sort, state.order, virtual, language, t]);
}

function deviceColumns(state: Pick<DeviceListState, 'sort' | 'order'> & { virtual: boolean }, language: Language, t: TFunction): TableColumnType<DeviceItem>[] {
  const label = (field: keyof typeof DEVICE_FIELD_LABELS) => formatMessage(language, DEVICE_FIELD_LABELS[field]);
  const sortOrder = (field: DeviceSortField): SortOrder => (state.sort === field ? (state.order === 'asc' ? 'ascend' : 'descend') : null);
  const sortable = (field: DeviceSortField) => ({ sorter: true, sortOrder: sortOrder(field), key: field });

  return [
    { title: label('owner_unit'), dataIndex: 'owner_unit', ellipsis: true, width: 220, ...sortable('owner_unit') },
    { title: label('controller_id'), dataIndex: 'controller_id', width: 80, align: 'center', ...sortable('controller_id') },
    { title: label('status'), dataIndex: 'status', width: 130, render: (_, device) => <StatusTag state={device.status} />, ...sortable('status') },
    { title: label('run_state'), dataIndex: 'run_state', width: 100, render: (_, device) => <RunStateTag state={device.run_state} /> },
    { title: label('model'), dataIndex: 'model', width: 150, ellipsis: true, ...sortable('model') },
    { title: label('remark'), dataIndex: 'remark', ellipsis: true, width: 140, render: (remark: string) => remark || '—' },
    {
      title: label('box_id'),
      dataIndex: 'box_id',
      width: 120,
      ...sortable('box_id'),
      render: (boxId: string) => <Link to={`/devices/box/${boxId}`}>{boxId}</Link>,
    },
    { title: label('iot_model'), dataIndex: 'iot_model', width: 120, ...sortable('iot_model') },
    { title: label('install_date'), dataIndex: 'install_date', width: 120, ...sortable('install_date') },
    { title: label('expiry_date'), dataIndex: 'expiry_date', width: 120, ...sortable('expiry_date') },
    { title: label('iccid'), dataIndex: 'iccid', width: 190, ...sortable('iccid') },
    { title: t('device.renewal'), key: 'renewal', width: 110, render: (_, device) => <RenewalTag expiryDate={device.expiry_date} /> },
    {
      title: t('device.actions'),
      key: 'actions',
      width: 130,
      // At the right edge: rc-table's fixed column in the virtual table, else a sticky cell of index.css (no widths to measure).
      ...(state.virtual ? { fixed: 'right' as const } : { className: 'devices-show__actions' }),
      render: (_, device) => <DeviceActions device={device} />,
    },
  ];
}

const RUN_STATE_COLORS: Record<RunState, string | undefined> = { running: 'green', stopped: 'default', unknown: undefined };

function RunStateTag({ state }: { state: RunState }) {
  const label = formatMessage(currentLanguage(), RUN_STATE_LABELS[state]);
  if (state === 'unknown')
    return (
      <span className="devices-show__secondary" data-run-state={state}>
        {label}
      </span>
    );
  return (
    <Tag color={RUN_STATE_COLORS[state]} data-run-state={state}>
      {label}
    </Tag>
  );
}

function RenewalTag({ expiryDate }: { expiryDate: DeviceItem['expiry_date'] }) {
  const { t } = useTranslation();
  const renewal = renewalState(expiryDate);
  return renewal ? <Tag color={RENEWAL_COLORS[renewal]}>{t(`device.renewalState.${renewal}`)}</Tag> : <span className="devices-show__secondary">—</span>;
}

/**
 * The device's first screen as a link, the others behind a "more" menu. Plain elements rather than
 * antd's Space and Button: the actions were a fifth of the list's first render (BENCHMARKS.md, console).
 */
function DeviceActions({ device }: { device: DeviceItem }) {
  const { t } = useTranslation();
  const [first, ...rest] = deviceScreens(device);
  if (!first) return null;
  return (
    <span className="device-actions">
      <Link to={devicePath(device, first)} className="device-action" data-screen={first}>
        {t(`device.screen.${first}`)}
      </Link>
      {rest.length > 0 && <MoreScreens device={device} screens={rest} />}
    </span>
  );
}

/**
 * The "more" button and its menu of the device's other screens. The menu is made on the first click
 * (`usePopupOnDemand`): a dropdown in every row would be made with the page.
 */
function MoreScreens({ device, screens }: { device: DeviceItem; screens: DeviceScreen[] }) {
  const { t } = useTranslation();
  const { made, ref, wake, popup } = usePopupOnDemand<HTMLButtonElement>();
  const more = (
    <button ref={ref} type="button" aria-label={t('device.more')} aria-haspopup="menu" className="device-more" {...wake}>
      <MoreOutlined />
    </button>
  );
  if (!made) return more;
  return (
    <Dropdown
      trigger={['click']}
      {...popup}
      menu={{
        items: screens.map((screen) => ({
          key: screen,
          label: (
            <Link to={devicePath(device, screen)} data-screen={screen}>
              {t(`device.screen.${screen}`)}
            </Link>
          ),
        })),
      }}
    >
      {more}
    </Dropdown>
  );
}
