import type { BoxAddress, BoxPropertyItem } from '@cloudbox/domain';
import { Button, Card, Col, Form, Input, InputNumber, Modal, Row } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBoxAddress } from '../../../api/boxProperties';
import BoxPropertyTable from '../shared/BoxPropertyTable';
import { addressColumns, text } from '../shared/tables';
import { useSave } from '../shared/useSave';
import MapPicker from './MapPicker';

const coordinate = (value: number | null) => (value === null ? '—' : value.toFixed(5));

/** box-address (root): a box's address and coordinates; the coordinates are picked on the offline map or typed. */
export default function BoxAddressPage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<BoxPropertyItem | null>(null);
  return (
    <div className="app-page smartbox-page box-address">
      <Card variant="borderless" title={t('route.boxAddress')}>
        <BoxPropertyTable
          className="box-address-table"
          scrollX={1100}
          columns={[
            { title: t('boxProperties.field.owner_unit'), dataIndex: 'owner_unit', width: 160, ellipsis: true, render: text },
            ...addressColumns<BoxPropertyItem>(t),
            { title: t('boxProperties.latitude'), dataIndex: 'latitude', width: 100, render: coordinate },
            { title: t('boxProperties.longitude'), dataIndex: 'longitude', width: 100, render: coordinate },
          ]}
          actions={(box) => (
            <Button type="link" size="small" className="box-address-table__edit" onClick={() => setEditing(box)}>
              {t('boxProperties.setAddress')}
            </Button>
          )}
        />
      </Card>
      {editing && <AddressModal box={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}

function AddressModal({ box, onClose }: { box: BoxPropertyItem; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BoxAddress>();
  const { saving, save } = useSave(onClose);
  const latitude = Form.useWatch('latitude', form);
  const longitude = Form.useWatch('longitude', form);
  const point = typeof latitude === 'number' && typeof longitude === 'number' ? { latitude, longitude } : null;

  async function submit() {
    const values = await form.validateFields();
    await save(() => saveBoxAddress(box.id, { ...values, latitude: values.latitude ?? null, longitude: values.longitude ?? null }));
  }

  const textField = (name: 'province' | 'city' | 'district' | 'street', max: number) => (
    <Col xs={24} sm={12}>
      <Form.Item name={name} label={t(`boxProperties.field.${name}`)}>
        <Input maxLength={max} />
      </Form.Item>
    </Col>
  );
  const numberField = (name: 'latitude' | 'longitude', limit: number) => (
    <Col xs={12}>
      <Form.Item name={name} label={t(`boxProperties.${name}`)}>
        <InputNumber className={`box-address__${name}`} min={-limit} max={limit} step={0.00001} style={{ width: '100%' }} />
      </Form.Item>
    </Col>
  );

  return (
    <Modal
      open
      title={t('boxProperties.addressTitle', { id: box.id })}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('boxProperties.save')}
      okButtonProps={{ loading: saving, className: 'box-address__save' }}
      width={760}
    >
      <Form form={form} layout="vertical" initialValues={box} className="box-form">
        <Row gutter={12}>
          {textField('province', 50)}
          {textField('city', 50)}
          {textField('district', 50)}
          {textField('street', 200)}
          {numberField('latitude', 90)}
          {numberField('longitude', 180)}
        </Row>
      </Form>
      <p>{t('boxProperties.mapHint')}</p>
      <MapPicker
        value={point}
        centre={box.latitude !== null && box.longitude !== null ? { latitude: box.latitude, longitude: box.longitude } : null}
        onPick={(picked) => form.setFieldsValue(picked)}
      />
    </Modal>
  );
}
