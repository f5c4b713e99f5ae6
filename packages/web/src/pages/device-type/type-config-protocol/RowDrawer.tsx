import {
  DATA_TYPES,
  formatMessage,
  isMessageKey,
  PROTOCOL_COLUMN_LABELS,
  protocolRowSchema,
  REGISTER_FORMATS,
  WORD_ORDERS,
  type Language,
  type ProtocolColumn,
  type ProtocolRow,
} from '@cloudbox/domain';
import { Button, Drawer, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  /** The row edited; null: a new register; undefined: closed. */
  row: ProtocolRow | null | undefined;
  viewer: Language;
  onSave(row: ProtocolRow): void;
  onClose(): void;
}

const BLANK: Partial<ProtocolRow> = { unit: '', data_type: 'uint16', word_order: 'big', decimals: 0, format: 'number', writable: false, on_off: false };

const label = (viewer: Language, column: ProtocolColumn) => formatMessage(viewer, PROTOCOL_COLUMN_LABELS[column]);
const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/**
 * One register of the protocol table, edited in a drawer: every column, checked with the same
 * schema as the server's (messages in the reader's language) before it goes back to the table.
 */
export default function RowDrawer({ row, viewer, onSave, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProtocolRow>();

  const submit = () => {
    const values = form.getFieldsValue(true) as Record<string, unknown>;
    const cleaned = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value === '' || value === undefined ? null : value]));
    const parsed = protocolRowSchema.safeParse({ ...cleaned, name: values.name ?? '', unit: values.unit ?? '' });
    if (parsed.success) {
      onSave(parsed.data);
      return;
    }
    form.setFields(
      parsed.error.issues.map((issue) => {
        const column = String(issue.path[0]) as ProtocolColumn;
        const key = isMessageKey(issue.message) ? issue.message : 'fieldInvalid';
        return { name: column, errors: [formatMessage(viewer, key, { field: label(viewer, column) })] };
      }),
    );
  };

  const number = (column: ProtocolColumn, extra: object = {}) => (
    <Form.Item name={column} label={label(viewer, column)}>
      <InputNumber className={`row-form__${column}`} style={{ width: '100%' }} {...extra} />
    </Form.Item>
  );

  return (
    <Drawer
      open={row !== undefined}
      width={520}
      title={row ? t('deviceTypes.protocol.editRow', { number: row.number }) : t('deviceTypes.protocol.addRow')}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('deviceTypes.edit.cancel')}</Button>
          <Button type="primary" className="row-form__ok" onClick={submit}>
            {t('deviceTypes.protocol.apply')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" className="row-form" initialValues={row ?? BLANK} preserve={false}>
        <Space size={12} style={{ display: 'flex' }} align="start">
          {number('number', { min: 0, max: 65535, precision: 0 })}
          {number('address', { min: 0, max: 65535, precision: 0 })}
        </Space>
        <Form.Item name="name" label={label(viewer, 'name')}>
          <Input className="row-form__name" maxLength={100} />
        </Form.Item>
        <Space size={12} style={{ display: 'flex' }} align="start" wrap>
          <Form.Item name="unit" label={label(viewer, 'unit')}>
            <Input className="row-form__unit" maxLength={20} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="data_type" label={label(viewer, 'data_type')}>
            <Select className="row-form__data_type" style={{ width: 120 }} options={options(DATA_TYPES)} />
          </Form.Item>
          <Form.Item name="word_order" label={label(viewer, 'word_order')}>
            <Select className="row-form__word_order" style={{ width: 120 }} options={options(WORD_ORDERS)} />
          </Form.Item>
        </Space>
        <Space size={12} style={{ display: 'flex' }} align="start" wrap>
          {number('scale', { min: 0, style: { width: 120 } })}
          {number('decimals', { min: 0, max: 6, precision: 0, style: { width: 100 } })}
          <Form.Item name="format" label={label(viewer, 'format')}>
            <Select className="row-form__format" style={{ width: 120 }} options={options(REGISTER_FORMATS)} />
          </Form.Item>
        </Space>
        <Form.Item name="mask" label={label(viewer, 'mask')} extra={t('deviceTypes.protocol.maskHint')}>
          <Input className="row-form__mask" maxLength={10} />
        </Form.Item>
        <Form.Item name="enum" label={label(viewer, 'enum')} extra={t('deviceTypes.protocol.enumHint')}>
          <Input.TextArea className="row-form__enum" autoSize={{ minRows: 1, maxRows: 4 }} />
        </Form.Item>
        <Space size={12} style={{ display: 'flex' }} align="start">
          {number('min', { style: { width: 140 } })}
          {number('max', { style: { width: 140 } })}
        </Space>
        <Space size={24}>
          <Form.Item name="writable" label={label(viewer, 'writable')} valuePropName="checked">
            <Switch className="row-form__writable" />
          </Form.Item>
          <Form.Item name="on_off" label={label(viewer, 'on_off')} valuePropName="checked">
            <Switch className="row-form__on_off" />
          </Form.Item>
        </Space>
      </Form>
    </Drawer>
  );
}
