import { ASSIGN_MAX_RANGE, formatMessage, rangeProblem, validateCkCode, type AssignTarget } from '@cloudbox/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Select, Typography, type FormRule } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { assignBoxes, getAssignTargets } from '../../../api/boxRegistry';
import { useAppStore } from '../../../stores/app';
import { useUserStore } from '../../../stores/user';
import { violationRule } from '../../../utils/form-rules';
import { showServerErrors } from '../../box-reg-info/shared/server-errors';
import '../../box-reg-info/shared/box-registry.css';

interface AssignForm {
  ck: string;
  target_id?: number;
  start_id: string;
  end_id: string;
}

const BOX_ID = /^\d{1,32}$/;

/**
 * /smartbox/box-assign (root; limited_admin in its CK): a company's unowned boxes, one or an id
 * range (start and end required, SPEC.md section 5), go to one of its managers or distributors.
 */
export default function BoxAssign() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const language = useAppStore((state) => state.language);
  const user = useUserStore((state) => state.user);
  const isRoot = user?.roles.includes('root') ?? false;
  const [form] = Form.useForm<AssignForm>();
  const ck = Form.useWatch('ck', form) ?? user?.ck ?? '';
  const validCk = validateCkCode(ck).length === 0;
  const targets = useQuery({ queryKey: ['box-registry', 'targets', ck], queryFn: () => getAssignTargets(ck), enabled: validCk });
  const [result, setResult] = useState<string | null>(null);

  const boxIdRule = (label: string): FormRule => ({
    validator: (_rule, value: unknown) => {
      const text = typeof value === 'string' ? value.trim() : '';
      if (!text) return Promise.reject(new Error(t('boxRegistration.create.required', { field: label })));
      return BOX_ID.test(text) ? Promise.resolve() : Promise.reject(new Error(formatMessage(language, 'boxIdFormat')));
    },
  });
  const rangeRule: FormRule = ({ getFieldValue }) => ({
    validator: (_rule, value: unknown) => {
      const start = String(getFieldValue('start_id') ?? '').trim();
      const end = typeof value === 'string' ? value.trim() : '';
      const problem = BOX_ID.test(start) && BOX_ID.test(end) ? rangeProblem(start, end) : null;
      return problem ? Promise.reject(new Error(formatMessage(language, problem, { max: ASSIGN_MAX_RANGE }))) : Promise.resolve();
    },
  });

  async function submit(values: AssignForm) {
    setResult(null);
    try {
      const answer = await assignBoxes({ ck: values.ck.trim(), target_id: values.target_id!, start_id: values.start_id.trim(), end_id: values.end_id.trim() });
      const text = t('boxRegistration.assign.result', { assigned: answer.assigned, inRange: answer.in_range });
      void message.success(text);
      setResult(text);
    } catch (error) {
      showServerErrors(form, error);
    }
  }

  const label = (target: AssignTarget) =>
    `${target.username} · ${t(`boxRegistration.assign.${target.kind}`)}${target.level ? ` · ${t('boxRegistration.assign.level', { level: target.level })}` : ''}`;

  return (
    <div className="app-page box-assign">
      <Card variant="borderless" className="box-registry-card">
        <Typography.Paragraph type="secondary">{t('boxRegistration.assign.intro')}</Typography.Paragraph>
        <Form<AssignForm>
          form={form}
          name="box-assign"
          layout="vertical"
          initialValues={{ ck: user?.ck ?? '' }}
          onValuesChange={(changed: Partial<AssignForm>) => {
            if ('ck' in changed) form.setFieldValue('target_id', undefined);
            if ('start_id' in changed && form.getFieldValue('end_id')) void form.validateFields(['end_id']);
          }}
          onFinish={(values) => void submit(values)}
        >
          <Form.Item name="ck" label={t('boxRegistration.common.ck')} rules={[violationRule(validateCkCode, language, { trim: true })]}>
            <Input maxLength={4} inputMode="numeric" disabled={!isRoot} />
          </Form.Item>
          <Form.Item
            name="target_id"
            label={t('boxRegistration.assign.target')}
            rules={[{ required: true, message: t('boxRegistration.create.required', { field: t('boxRegistration.assign.target') }) }]}
          >
            <Select
              className="box-assign__target"
              showSearch
              optionFilterProp="label"
              loading={targets.isFetching}
              notFoundContent={validCk && targets.isSuccess ? t('boxRegistration.assign.noTargets') : undefined}
              options={(targets.data ?? []).map((target) => ({ value: target.id, label: label(target) }))}
            />
          </Form.Item>
          <Form.Item name="start_id" label={t('boxRegistration.assign.startId')} required rules={[boxIdRule(t('boxRegistration.assign.startId'))]}>
            <Input maxLength={32} inputMode="numeric" autoComplete="off" />
          </Form.Item>
          <Form.Item name="end_id" label={t('boxRegistration.assign.endId')} required rules={[boxIdRule(t('boxRegistration.assign.endId')), rangeRule]}>
            <Input maxLength={32} inputMode="numeric" autoComplete="off" />
          </Form.Item>
          <Button type="primary" htmlType="submit" className="box-assign__submit">
            {t('boxRegistration.assign.submit')}
          </Button>
        </Form>
        {result && <Alert className="box-assign__result" type="success" showIcon message={result} style={{ marginTop: 16 }} />}
      </Card>
    </div>
  );
}
