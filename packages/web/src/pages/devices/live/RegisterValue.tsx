import { EditOutlined } from '@ant-design/icons';
import { Badge, Button, Space, Switch, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../utils/feedback';
import { writeOf, type WriteState } from './command-state';
import CommandTag from './CommandTag';
import type { LiveRegister } from './useDeviceLive';

export interface WriteControls {
  state: WriteState;
  /** Opens the value dialog of a writable parameter. */
  edit: (register: LiveRegister) => void;
  send: (register: number, value: string) => void;
  busy: boolean;
}

/** Whether a register is one bit (a coil, an input, a status flag): shown as a lamp or a switch. */
export function isBitRegister(register: Pick<LiveRegister, 'format' | 'min' | 'max'>): boolean {
  return register.format !== 'text' && register.min === 0 && register.max === 1;
}

/** Switching on and off (start/stop, coils) asks first, then writes 1 or 0. */
function confirmSwitch(register: LiveRegister, on: boolean, controls: WriteControls, t: (key: string, options?: Record<string, unknown>) => string) {
  feedback.modal.confirm({
    className: 'switch-confirm',
    title: t(on ? 'live.switch.onTitle' : 'live.switch.offTitle'),
    content: t(on ? 'live.switch.on' : 'live.switch.off', { name: register.name }),
    okText: t('live.write.ok'),
    cancelText: t('live.write.cancel'),
    okButtonProps: { danger: !on },
    onOk: () => controls.send(register.number, on ? '1' : '0'),
  });
}

/**
 * A start/stop register the device takes but this user may not switch (switching needs the owner
 * chain's authorisation, DESIGN.md section 5): its state as a switch that cannot be moved, saying why.
 */
function LockedSwitch({ register }: { register: LiveRegister }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('usermanager.switchGrant.noRight')}>
      <Switch
        className="register-switch register-switch--locked"
        checked={register.value === 1}
        disabled
        checkedChildren={register.choices?.find((choice) => choice.value === 1)?.label ?? t('live.switch.onLabel')}
        unCheckedChildren={register.choices?.find((choice) => choice.value === 0)?.label ?? t('live.switch.offLabel')}
      />
    </Tooltip>
  );
}

/** A register's value with its unit, and for writable ones the control that changes it and the command's state. */
export default function RegisterValue({ register, controls }: { register: LiveRegister; controls: WriteControls }) {
  const { t } = useTranslation();
  const write = writeOf(controls.state, register.number);
  const text = register.display === null ? '—' : `${register.display}${register.unit && register.format === 'number' ? ` ${register.unit}` : ''}`;
  return (
    <Space size={8} wrap className="register-value" data-register={register.number}>
      {register.onOff && register.definition?.writable && !register.writable ? (
        <LockedSwitch register={register} />
      ) : register.writable && register.onOff ? (
        <Switch
          className="register-switch"
          checked={register.value === 1}
          loading={write?.phase === 'sending'}
          disabled={controls.busy}
          checkedChildren={register.choices?.find((choice) => choice.value === 1)?.label ?? t('live.switch.onLabel')}
          unCheckedChildren={register.choices?.find((choice) => choice.value === 0)?.label ?? t('live.switch.offLabel')}
          onChange={(on) => confirmSwitch(register, on, controls, t)}
        />
      ) : register.format === 'bits' && isBitRegister(register) && register.value !== null ? (
        <Badge className="register-lamp" status={register.value === 1 ? 'success' : 'default'} text={<span className="register-value__text">{text}</span>} />
      ) : (
        <span className="register-value__text">{text}</span>
      )}
      {register.writable && !register.onOff && (
        <Tooltip title={t('live.write.edit')}>
          <Button
            size="small"
            type="link"
            className="register-edit"
            icon={<EditOutlined />}
            disabled={controls.busy}
            onClick={() => controls.edit(register)}
            aria-label={t('live.write.edit')}
          />
        </Tooltip>
      )}
      {write && <CommandTag write={write} />}
    </Space>
  );
}
