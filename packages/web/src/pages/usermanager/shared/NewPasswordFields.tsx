import { validatePassword } from '@cloudbox/domain';
import { Form, Input } from 'antd';
import { useAppStore } from '../../../stores/app';
import { repeatsRule, violationRule } from '../../../utils/form-rules';

/**
 * A new password and the field that repeats it, both checked with the domain's password rule (as
 * the server checks it), the second also against the first. Goes inside a `Form`.
 */
export default function NewPasswordFields(props: { name: string; label: string; repeatName: string; repeatLabel: string }) {
  const language = useAppStore((state) => state.language);
  return (
    <>
      <Form.Item name={props.name} label={props.label} rules={[violationRule(validatePassword, language)]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name={props.repeatName}
        label={props.repeatLabel}
        dependencies={[props.name]}
        rules={[violationRule(validatePassword, language), repeatsRule(props.name, language)]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
