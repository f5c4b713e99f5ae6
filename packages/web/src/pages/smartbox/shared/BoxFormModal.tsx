import { BOX_FORM_FIELDS, type BoxFormField, type BoxFormInput } from '@cloudbox/domain';
import { useQuery } from '@tanstack/react-query';
import { Col, Form, Input, Modal, Row, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { getBoxProperties, saveBoxForm } from '../../../api/boxProperties';
import { useSave } from './useSave';
import './smartbox.css';

/** Each field's maximum length, as the server checks it. */
const MAX_LENGTH: Record<BoxFormField, number> = {
  model: 64,
  owner_unit: 200,
  province: 50,
  city: 50,
  district: 50,
  street: 200,
  contact: 50,
  phone: 30,
  remark: 500,
};

/**
 * The device edit form (SPEC.md section 3) in a dialog: the box's id, IOT module, owning unit,
 * address, contact, each controller's device number and the remark. Used by the box page (its
 * owner, root, the CK's limited admin) and the box property list (root). Saving refreshes every list.
 */
export default function BoxFormModal({ boxId, onClose }: { boxId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BoxFormInput>();
  const { saving, save } = useSave(onClose);
  const box = useQuery({ queryKey: ['box-properties', 'form', boxId], queryFn: () => getBoxProperties(boxId!), enabled: boxId !== null });

  async function submit() {
    const values = await form.validateFields();
    await save(() => saveBoxForm(boxId!, values));
  }

  const field = (name: BoxFormField, span = 12) => (
    <Col xs={24} sm={span} key={name}>
      <Form.Item name={name} label={t(`boxProperties.field.${name}`)}>
        {name === 'remark' ? <Input.TextArea rows={3} maxLength={MAX_LENGTH[name]} /> : <Input maxLength={MAX_LENGTH[name]} />}
      </Form.Item>
    </Col>
  );

  return (
    <Modal
      open={boxId !== null}
      title={t('boxProperties.editTitle', { id: boxId ?? '' })}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('boxProperties.save')}
      okButtonProps={{ loading: saving, disabled: !box.data, className: 'box-form__save' }}
      width={720}
      destroyOnHidden
    >
      {!box.data ? (
        <Spin />
      ) : (
        <Form
          form={form}
          layout="vertical"
          className="box-form"
          initialValues={{ ...box.data, device_numbers: box.data.controllers.map(({ station, device_number }) => ({ station, device_number })) }}
        >
          <Row gutter={12}>
            <Col xs={24} sm={12}>
              <Form.Item label={t('boxProperties.field.id')}>
                <Input value={boxId ?? ''} disabled />
              </Form.Item>
            </Col>
            {BOX_FORM_FIELDS.filter((name) => name !== 'remark').map((name) => field(name))}
            {box.data.controllers.map((controller, index) => (
              <Col xs={24} sm={12} key={controller.station}>
                <Form.Item name={['device_numbers', index, 'station']} hidden>
                  <Input />
                </Form.Item>
                <Form.Item name={['device_numbers', index, 'device_number']} label={t('boxProperties.field.deviceNumber', { station: controller.station })}>
                  <Input maxLength={100} />
                </Form.Item>
              </Col>
            ))}
            {field('remark', 24)}
          </Row>
        </Form>
      )}
    </Modal>
  );
}
