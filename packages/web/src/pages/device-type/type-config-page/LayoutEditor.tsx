import { PlusOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { PAGE_TEMPLATES, type PageLayoutView, type PageTemplate } from '@cloudbox/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Empty, Select, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveLayout } from '../../../api/typeSettings';
import { useAppStore } from '../../../stores/app';
import LayoutTable from './LayoutTable';
import { editorRows, emptyRow, incomplete, layoutInput, previewCells } from './rows';

interface Props {
  view: PageLayoutView;
  /** The route's `:id` (the type's number). */
  typeRef: string;
}

/** One layout being edited: template, rows, and a preview of how the live page reads them; saved whole. */
export default function LayoutEditor({ view, typeRef }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const language = useAppStore((state) => state.language);
  const [rows, setRows] = useState(() => editorRows(view.rows));
  const [template, setTemplate] = useState<PageTemplate>(view.template);
  const [checked, setChecked] = useState(false);
  const [saving, setSaving] = useState(false);
  const isDefault = view.alias === '';

  async function save() {
    setChecked(true);
    if (incomplete(rows).length > 0) {
      void message.error(t('typeSettings.layout.incomplete'));
      return;
    }
    setSaving(true);
    try {
      const saved = await saveLayout(typeRef, layoutInput(view.alias, isDefault ? template : undefined, rows));
      void message.success(t('typeSettings.layout.saved'));
      queryClient.setQueryData(['type-settings', 'layout', typeRef, view.alias], saved);
    } catch {
      // The request layer showed the server's message.
    } finally {
      setSaving(false);
    }
  }

  const cells = previewCells(rows, language, view.registers);
  return (
    <>
      {view.inherited && <Alert className="layout-inherited" type="info" showIcon title={t('typeSettings.layout.inherited')} />}
      <Card
        variant="borderless"
        className="layout-editor"
        title={
          <Space wrap>
            <Typography.Text>{t('typeSettings.layout.template')}</Typography.Text>
            <Tooltip title={isDefault ? undefined : t('typeSettings.layout.templatePerType')}>
              <Select<PageTemplate>
                className="layout-template"
                style={{ minWidth: 200 }}
                disabled={!isDefault}
                value={template}
                onChange={setTemplate}
                options={PAGE_TEMPLATES.map((value) => ({ value, label: t(`typeSettings.templates.${value}`) }))}
              />
            </Tooltip>
          </Space>
        }
        extra={
          <Space wrap>
            <Button icon={<PlusOutlined />} className="layout-add" onClick={() => setRows([...rows, emptyRow()])}>
              {t('typeSettings.layout.add')}
            </Button>
            <Button
              icon={<UndoOutlined />}
              className="layout-reset"
              onClick={() => {
                setRows(editorRows(view.rows));
                setTemplate(view.template);
                setChecked(false);
              }}
            >
              {t('typeSettings.common.reset')}
            </Button>
            <Button type="primary" icon={<SaveOutlined />} className="layout-save" loading={saving} onClick={() => void save()}>
              {t('typeSettings.common.save')}
            </Button>
          </Space>
        }
      >
        <LayoutTable rows={rows} registers={view.registers} onChange={setRows} checked={checked} />
      </Card>
      <Card variant="borderless" className="layout-preview" title={t('typeSettings.layout.preview')}>
        <Typography.Paragraph type="secondary">{t('typeSettings.layout.previewHint')}</Typography.Paragraph>
        {cells.length === 0 ? (
          <Empty description={t('typeSettings.layout.noRows')} />
        ) : (
          <Descriptions
            bordered
            size="small"
            column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }}
            items={cells.map((cell) => ({
              key: cell.key,
              label: cell.name,
              children: (
                <Typography.Text type="secondary">{t('typeSettings.layout.previewValue', { register: cell.register, unit: cell.unit })}</Typography.Text>
              ),
            }))}
          />
        )}
      </Card>
    </>
  );
}
