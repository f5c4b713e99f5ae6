import { PlusOutlined } from '@ant-design/icons';
import { formatMessage, UPKEEP_DIRECTION_LABELS, UPKEEP_DIRECTIONS, type UpkeepDirection, type UpkeepReminder } from '@cloudbox/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Radio, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { useMemo, useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createUpkeepReminder,
  deleteUpkeepReminder,
  listUpkeepReminders,
  NOTICE_SETTING_KEYS,
  updateUpkeepReminder,
  upkeepRegisters,
} from '../../../api/notice-settings';
import { currentLanguage } from '../../../i18n';
import DeviceTypeSelect from '../../events/shared/DeviceTypeSelect';
import BoxRangeFields from './BoxRangeFields';
import SettingDialog from './SettingDialog';
import { rangeText } from './settings-form';
import RowActions from '../../../components/RowActions';
import { useSettingChange } from './useSettingChange';

interface Values {
  start_box_id: string;
  end_box_id: string;
  device_type?: string;
  register?: number;
  parameter: string;
  judge_value?: number;
  direction: UpkeepDirection;
  enabled: boolean;
}

const EMPTY: Values = { start_box_id: '', end_box_id: '', parameter: '', direction: 'below', enabled: true };

const directionLabel = (direction: UpkeepDirection) => formatMessage(currentLanguage(), UPKEEP_DIRECTION_LABELS[direction]);

/** The register select of the form: the chosen type's numeric registers, from the server. */
function RegisterSelect({ deviceType, value, onChange }: { deviceType?: string; value?: number; onChange?: (register?: number) => void }) {
  const { t } = useTranslation();
  const registers = useQuery({
    queryKey: [...NOTICE_SETTING_KEYS.upkeepReminders, 'registers', deviceType],
    queryFn: () => upkeepRegisters(deviceType!),
    enabled: deviceType !== undefined,
    staleTime: 60_000,
  });
  return (
    <Select
      className="upkeep-form__register"
      showSearch
      optionFilterProp="label"
      disabled={deviceType === undefined}
      placeholder={deviceType === undefined ? t('pushSettings.upkeep.chooseType') : undefined}
      loading={registers.isFetching}
      value={value}
      onChange={onChange}
      options={(registers.data ?? []).map((choice) => ({
        value: choice.number,
        label: `${choice.number} ${choice.name}${choice.unit ? ` (${choice.unit})` : ''}`,
      }))}
    />
  );
}

/** Upkeep reminders by box id range: a device type's register reaching a judge value tells its readers once. */
export default function UpkeepRemindersTab() {
  const { t } = useTranslation();
  const labels = { edit: t('pushSettings.edit'), delete: t('pushSettings.delete') };
  const change = useSettingChange();
  const reminders = useQuery({ queryKey: NOTICE_SETTING_KEYS.upkeepReminders, queryFn: listUpkeepReminders });
  const [editing, setEditing] = useState<{ reminder?: UpkeepReminder } | undefined>();
  const [form] = Form.useForm<Values>();
  const deviceType = Form.useWatch('device_type', form);
  const reminder = editing?.reminder;
  const initial = useMemo<Values>(
    () =>
      reminder
        ? {
            start_box_id: reminder.start_box_id,
            end_box_id: reminder.end_box_id,
            device_type: reminder.device_type.id,
            register: reminder.register,
            parameter: reminder.parameter,
            judge_value: reminder.judge_value,
            direction: reminder.direction,
            enabled: reminder.enabled,
          }
        : EMPTY,
    [reminder],
  );
  const required = (field: string) => [{ required: true, message: t('pushSettings.required', { field }) }];

  const save = (values: Values) =>
    change(() => {
      const input = {
        ...values,
        start_box_id: values.start_box_id.trim(),
        end_box_id: values.end_box_id.trim(),
        device_type: values.device_type!,
        register: values.register!,
        judge_value: values.judge_value!,
      };
      return reminder ? updateUpkeepReminder(reminder.id, input) : createUpkeepReminder(input);
    }, form);

  return (
    <>
      <div className="notification-management__toolbar">
        <Button type="primary" icon={<PlusOutlined />} className="upkeep-reminder__add" onClick={() => setEditing({})}>
          {t('pushSettings.upkeep.add')}
        </Button>
        <Typography.Text type="secondary">{t('pushSettings.upkeep.hint')}</Typography.Text>
      </div>
      <Table<UpkeepReminder>
        className="upkeep-reminder-table"
        rowKey="id"
        size="small"
        loading={reminders.isFetching}
        dataSource={reminders.data}
        pagination={false}
        scroll={{ x: 1100 }}
        locale={{ emptyText: t('pushSettings.upkeep.empty') }}
        onRow={(row) => ({ 'data-reminder': row.id, 'data-range': `${row.start_box_id}-${row.end_box_id}` }) as HTMLAttributes<HTMLElement>}
        columns={[
          { title: t('pushSettings.range'), key: 'range', width: 200, render: (_, row) => rangeText(row) },
          { title: t('pushSettings.upkeep.deviceType'), key: 'type', width: 160, ellipsis: true, render: (_, row) => row.device_type.name },
          {
            title: t('pushSettings.upkeep.register'),
            dataIndex: 'register',
            width: 170,
            ellipsis: true,
            render: (register: number, row) => `${register} ${row.register_name ?? t('pushSettings.upkeep.gone')}`,
          },
          { title: t('pushSettings.upkeep.parameter'), dataIndex: 'parameter', width: 160, ellipsis: true },
          {
            title: t('pushSettings.upkeep.judgeValue'),
            dataIndex: 'judge_value',
            width: 110,
            align: 'right',
            render: (value: number, row) => `${value}${row.unit ? ` ${row.unit}` : ''}`,
          },
          { title: t('pushSettings.upkeep.direction'), dataIndex: 'direction', width: 150, render: directionLabel },
          {
            title: t('pushSettings.enabled'),
            dataIndex: 'enabled',
            width: 90,
            render: (enabled: boolean) => <Tag color={enabled ? 'green' : 'default'}>{enabled ? '✓' : '—'}</Tag>,
          },
          {
            title: t('pushSettings.actions'),
            key: 'actions',
            width: 130,
            fixed: 'right',
            render: (_, row) => (
              <RowActions
                className="upkeep-reminder"
                labels={labels}
                confirm={t('pushSettings.upkeep.deleteConfirm', { parameter: row.parameter })}
                onEdit={() => setEditing({ reminder: row })}
                onDelete={() => change(() => deleteUpkeepReminder(row.id))}
              />
            ),
          },
        ]}
      />
      <SettingDialog<Values>
        open={editing !== undefined}
        title={t(reminder ? 'pushSettings.upkeep.editTitle' : 'pushSettings.upkeep.addTitle')}
        className="upkeep-form"
        width={560}
        form={form}
        initial={initial}
        onSave={save}
        onClose={() => setEditing(undefined)}
      >
        <BoxRangeFields classPrefix="upkeep-form" />
        <Form.Item name="device_type" label={t('pushSettings.upkeep.deviceType')} rules={required(t('pushSettings.upkeep.deviceType'))}>
          <DeviceTypeSelect
            className="upkeep-form__type"
            value={deviceType}
            onChange={(next) => form.setFieldsValue({ device_type: next, register: undefined })}
          />
        </Form.Item>
        <Form.Item name="register" label={t('pushSettings.upkeep.register')} rules={required(t('pushSettings.upkeep.register'))}>
          <RegisterSelect deviceType={deviceType} />
        </Form.Item>
        <Form.Item
          name="parameter"
          label={t('pushSettings.upkeep.parameter')}
          extra={t('pushSettings.upkeep.parameterHint')}
          rules={[{ ...required(t('pushSettings.upkeep.parameter'))[0], whitespace: true }]}
        >
          <Input className="upkeep-form__parameter" maxLength={60} />
        </Form.Item>
        <Space wrap align="start" size="middle">
          <Form.Item name="direction" label={t('pushSettings.upkeep.direction')}>
            <Radio.Group className="upkeep-form__direction" options={UPKEEP_DIRECTIONS.map((value) => ({ value, label: directionLabel(value) }))} />
          </Form.Item>
          <Form.Item name="judge_value" label={t('pushSettings.upkeep.judgeValue')} rules={required(t('pushSettings.upkeep.judgeValue'))}>
            <InputNumber className="upkeep-form__judge" style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="enabled" label={t('pushSettings.enabled')} valuePropName="checked">
            <Switch className="upkeep-form__enabled" />
          </Form.Item>
        </Space>
      </SettingDialog>
    </>
  );
}
