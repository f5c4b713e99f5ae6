import { PlusOutlined } from '@ant-design/icons';
import type { PushMatrix, PushSetting } from '@cloudbox/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Space, Table, Typography } from 'antd';
import { useMemo, useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { createPushSetting, deletePushSetting, listPushSettings, NOTICE_SETTING_KEYS, updatePushSetting } from '../../../api/notice-settings';
import { channelKindLabel } from '../../../components/ChannelForm';
import NoticeTypeTag from '../../../components/NoticeTypeTag';
import PushMatrixTable from '../../../components/PushMatrixTable';
import { timeText } from '../../smartbox/shared/tables';
import BoxRangeFields from './BoxRangeFields';
import SettingDialog from './SettingDialog';
import { matrixSummary, rangeText } from './settings-form';
import RowActions from '../../../components/RowActions';
import { useSettingChange } from './useSettingChange';

interface Values {
  start_box_id: string;
  end_box_id: string;
  push: PushMatrix;
  remark: string;
}

const EMPTY: Values = { start_box_id: '', end_box_id: '', push: {}, remark: '' };

/** The types a setting sends, each as its tag followed by the kinds it goes through. */
function MatrixTags({ push }: { push: PushMatrix }) {
  const { t } = useTranslation();
  const rows = matrixSummary(push);
  if (rows.length === 0) return <Typography.Text type="secondary">{t('pushSettings.push.nothing')}</Typography.Text>;
  return (
    <Space direction="vertical" size={2}>
      {rows.map(({ type, kinds }) => (
        <span key={type} className="push-setting__route" data-type={type}>
          <NoticeTypeTag type={type} />
          <Typography.Text>{kinds.map(channelKindLabel).join(' · ')}</Typography.Text>
        </span>
      ))}
    </Space>
  );
}

/** Push settings by box id range: which message types go through which channel kinds; added and edited in a dialog, deleted after a confirmation. */
export default function PushSettingsTab() {
  const { t } = useTranslation();
  const labels = { edit: t('pushSettings.edit'), delete: t('pushSettings.delete') };
  const change = useSettingChange();
  const settings = useQuery({ queryKey: NOTICE_SETTING_KEYS.pushSettings, queryFn: listPushSettings });
  const [editing, setEditing] = useState<{ setting?: PushSetting } | undefined>();
  const [form] = Form.useForm<Values>();
  const setting = editing?.setting;
  const initial = useMemo<Values>(
    () => (setting ? { start_box_id: setting.start_box_id, end_box_id: setting.end_box_id, push: setting.push, remark: setting.remark } : EMPTY),
    [setting],
  );

  const save = (values: Values) =>
    change(() => {
      const input = { ...values, start_box_id: values.start_box_id.trim(), end_box_id: values.end_box_id.trim() };
      return setting ? updatePushSetting(setting.id, input) : createPushSetting(input);
    }, form);

  return (
    <>
      <div className="notification-management__toolbar">
        <Button type="primary" icon={<PlusOutlined />} className="push-setting__add" onClick={() => setEditing({})}>
          {t('pushSettings.push.add')}
        </Button>
        <Typography.Text type="secondary">{t('pushSettings.push.hint')}</Typography.Text>
      </div>
      <Table<PushSetting>
        className="push-setting-table"
        rowKey="id"
        size="small"
        loading={settings.isFetching}
        dataSource={settings.data}
        pagination={false}
        locale={{ emptyText: t('pushSettings.push.empty') }}
        onRow={(row) => ({ 'data-range': `${row.start_box_id}-${row.end_box_id}` }) as HTMLAttributes<HTMLElement>}
        columns={[
          { title: t('pushSettings.range'), key: 'range', width: 280, render: (_, row) => rangeText(row) },
          { title: t('pushSettings.push.matrix'), dataIndex: 'push', render: (push: PushMatrix) => <MatrixTags push={push} /> },
          { title: t('pushSettings.remark'), dataIndex: 'remark', width: 200, ellipsis: true, render: (remark: string) => remark || '—' },
          { title: t('pushSettings.updatedAt'), dataIndex: 'updated_at', width: 170, render: timeText },
          {
            title: t('pushSettings.actions'),
            key: 'actions',
            width: 130,
            render: (_, row) => (
              <RowActions
                className="push-setting"
                labels={labels}
                confirm={t('pushSettings.push.deleteConfirm', { range: rangeText(row) })}
                onEdit={() => setEditing({ setting: row })}
                onDelete={() => change(() => deletePushSetting(row.id))}
              />
            ),
          },
        ]}
      />
      <SettingDialog<Values>
        open={editing !== undefined}
        title={t(setting ? 'pushSettings.push.editTitle' : 'pushSettings.push.addTitle')}
        className="push-setting-form"
        width={720}
        form={form}
        initial={initial}
        onSave={save}
        onClose={() => setEditing(undefined)}
      >
        <BoxRangeFields classPrefix="push-setting-form" />
        <Form.Item name="push" label={t('pushSettings.push.matrix')} extra={t('pushSettings.push.matrixHint')}>
          <PushMatrixTable />
        </Form.Item>
        <Form.Item name="remark" label={t('pushSettings.remark')}>
          <Input className="push-setting-form__remark" maxLength={200} />
        </Form.Item>
      </SettingDialog>
    </>
  );
}
