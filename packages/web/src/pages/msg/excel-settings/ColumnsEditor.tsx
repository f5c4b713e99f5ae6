import { ArrowDownOutlined, ArrowUpOutlined, VerticalAlignTopOutlined } from '@ant-design/icons';
import type { ExcelSettings, ExportColumnSetting } from '@cloudbox/domain';
import { Alert, App, Button, Checkbox, List, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resetExportColumns, setExportColumns } from '../../../api/excelSettings';
import { chosenOf, draftOf, isChanged, move, moveToFront, toggle, type ColumnDraft } from './columns';

interface Props {
  setting: ExportColumnSetting;
  /** The company for root; a manufacturer's own is implied. */
  ck?: string;
  onSaved(settings: ExcelSettings): void;
}

/** One export's columns: tick, order, preview the header row, save or go back to the default. */
export default function ColumnsEditor({ setting, ck, onSaved }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [draft, setDraft] = useState<ColumnDraft>(() => draftOf(setting));
  const [busy, setBusy] = useState(false);
  const labels = new Map(setting.available.map((column) => [column.key, column.label]));
  const chosen = chosenOf(draft);
  const empty = chosen.length === 0;

  async function run(change: () => Promise<ExcelSettings>, done: string) {
    setBusy(true);
    try {
      const settings = await change();
      const saved = settings.exports.find((entry) => entry.export === setting.export);
      if (saved) setDraft(draftOf(saved));
      onSaved(settings);
      void message.success(t(done, { name: setting.label }));
    } finally {
      setBusy(false);
    }
  }

  const arrow = (key: string, step: -1 | 1, index: number) => (
    <Tooltip title={t(step < 0 ? 'excelSettings.moveUp' : 'excelSettings.moveDown')}>
      <Button
        size="small"
        type="text"
        className={step < 0 ? 'excel-column__up' : 'excel-column__down'}
        aria-label={t(step < 0 ? 'excelSettings.moveUp' : 'excelSettings.moveDown')}
        icon={step < 0 ? <ArrowUpOutlined /> : <ArrowDownOutlined />}
        disabled={step < 0 ? index === 0 : index === draft.order.length - 1}
        onClick={() => setDraft(move(draft, key, step))}
      />
    </Tooltip>
  );

  return (
    <div className="excel-columns" data-export={setting.export}>
      <Space className="excel-columns__status" wrap>
        <Tag color={setting.is_default ? 'default' : 'blue'} className="excel-columns__state">
          {t(setting.is_default ? 'excelSettings.isDefault' : 'excelSettings.customized')}
        </Tag>
        <Typography.Text type="secondary">{t('excelSettings.chosenCount', { count: chosen.length, total: draft.order.length })}</Typography.Text>
      </Space>
      <Typography.Title level={5} className="excel-columns__preview-title">
        {t('excelSettings.preview')}
      </Typography.Title>
      {empty ? (
        <Alert className="excel-columns__empty" type="warning" showIcon title={t('excelSettings.atLeastOne')} />
      ) : (
        <div className="excel-preview" role="row">
          {chosen.map((key) => (
            <div key={key} className="excel-preview__cell" role="columnheader">
              {labels.get(key)}
            </div>
          ))}
        </div>
      )}
      <Space className="excel-columns__actions">
        <Button
          type="primary"
          className="excel-columns__save"
          loading={busy}
          disabled={empty || !isChanged(draft, setting.columns)}
          onClick={() => void run(() => setExportColumns(setting.export, chosen, ck), 'excelSettings.saved')}
        >
          {t('excelSettings.save')}
        </Button>
        <Popconfirm
          title={t('excelSettings.resetConfirm', { name: setting.label })}
          onConfirm={() => run(() => resetExportColumns(setting.export, ck), 'excelSettings.resetDone')}
        >
          <Button className="excel-columns__reset" disabled={busy || (setting.is_default && !isChanged(draft, setting.columns))}>
            {t('excelSettings.reset')}
          </Button>
        </Popconfirm>
      </Space>
      <List
        className="excel-columns__list"
        size="small"
        bordered
        dataSource={draft.order}
        renderItem={(key, index) => (
          <List.Item
            className="excel-column"
            data-column={key}
            actions={[
              arrow(key, -1, index),
              arrow(key, 1, index),
              <Tooltip key="front" title={t('excelSettings.moveToFront')}>
                <Button
                  size="small"
                  type="text"
                  className="excel-column__front"
                  aria-label={t('excelSettings.moveToFront')}
                  icon={<VerticalAlignTopOutlined />}
                  disabled={index === 0}
                  onClick={() => setDraft(moveToFront(draft, key))}
                />
              </Tooltip>,
            ]}
          >
            <Checkbox className="excel-column__check" checked={draft.checked.has(key)} onChange={(event) => setDraft(toggle(draft, key, event.target.checked))}>
              {labels.get(key)}
            </Checkbox>
          </List.Item>
        )}
      />
    </div>
  );
}
