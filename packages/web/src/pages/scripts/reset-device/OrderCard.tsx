import type { BoxResetAction } from '@cloudbox/domain';
import { App, Button, Card, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { startBoxReset } from '../../../api/boxResets';
import { useChange } from '../../../utils/use-change';
import { ACTION_KEYS } from './actions';

type Target = 'one' | 'range';

interface ResetForm {
  target: Target;
  boxId?: string;
  startBoxId?: string;
  endBoxId?: string;
  action: BoxResetAction;
}

/** The order: one box or a box id range, and the action; sent after a confirmation (`onStarted` gets its job). */
export default function OrderCard({ onStarted }: { onStarted: (jobId: number) => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [form] = Form.useForm<ResetForm>();
  const target = Form.useWatch('target', form) ?? 'one';
  const change = useChange([['box-resets']]);

  function submit(values: ResetForm) {
    const action = t(ACTION_KEYS[values.action]);
    const content =
      values.target === 'one'
        ? t('inactiveBoxes.reset.confirmOne', { box: values.boxId, action })
        : t('inactiveBoxes.reset.confirmRange', { start: values.startBoxId, end: values.endBoxId, action });
    const input =
      values.target === 'one'
        ? { action: values.action, box_ids: [values.boxId?.trim() ?? ''] }
        : { action: values.action, start_box_id: values.startBoxId?.trim(), end_box_id: values.endBoxId?.trim() };
    modal.confirm({
      title: t('inactiveBoxes.reset.confirmTitle'),
      content,
      className: 'reset-device__confirm',
      okText: t('inactiveBoxes.confirm'),
      cancelText: t('inactiveBoxes.cancel'),
      okButtonProps: { danger: values.action === 'reset_config' },
      onOk: async () => {
        const answer = await change(() => startBoxReset(input));
        if (answer) onStarted(answer.data.job_id);
      },
    });
  }

  return (
    <Card variant="borderless" title={t('inactiveBoxes.reset.title')}>
      <Form<ResetForm> form={form} layout="inline" className="reset-device__form" initialValues={{ target: 'one', action: 'reboot' }} onFinish={submit}>
        <Form.Item name="target" label={t('inactiveBoxes.reset.target')}>
          <Radio.Group
            optionType="button"
            className="reset-device__target"
            options={[
              { value: 'one', label: t('inactiveBoxes.reset.one') },
              { value: 'range', label: t('inactiveBoxes.reset.range') },
            ]}
          />
        </Form.Item>
        {target === 'one' ? (
          <Form.Item name="boxId" rules={[{ required: true, message: t('inactiveBoxes.reset.boxId') }]}>
            <Input className="reset-device__box" placeholder={t('inactiveBoxes.reset.boxId')} allowClear />
          </Form.Item>
        ) : (
          <>
            <Form.Item name="startBoxId" rules={[{ required: true, message: t('inactiveBoxes.reset.startBoxId') }]}>
              <Input className="reset-device__start" placeholder={t('inactiveBoxes.reset.startBoxId')} allowClear />
            </Form.Item>
            <Form.Item name="endBoxId" rules={[{ required: true, message: t('inactiveBoxes.reset.endBoxId') }]}>
              <Input className="reset-device__end" placeholder={t('inactiveBoxes.reset.endBoxId')} allowClear />
            </Form.Item>
          </>
        )}
        <Form.Item name="action" label={t('inactiveBoxes.reset.action')}>
          <Radio.Group
            className="reset-device__action"
            options={[
              { value: 'reboot', label: t('inactiveBoxes.reset.reboot') },
              { value: 'reset_config', label: t('inactiveBoxes.reset.resetConfig') },
            ]}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" className="reset-device__submit">
          {t('inactiveBoxes.reset.submit')}
        </Button>
      </Form>
    </Card>
  );
}
