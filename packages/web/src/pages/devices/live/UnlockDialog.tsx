import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import {
  PERMANENT_SERVICE_DAYS,
  RESET_CONDITIONS,
  UNLOCK_MODES,
  type CalculatedPassword,
  type ResetCondition,
  type UnlockMode,
  type UnlockRegisters,
} from '@cloudbox/domain';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Form, Input, Modal, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { calculatePassword } from '../../../api/dynamicPasswords';
import { commandErrorText } from './CommandTag';
import type { LiveRegister } from './useDeviceLive';
import { useWriteCommand } from './useWriteCommand';

/** The lock's live readings: hint code, lock state (1 locked), service days left; null before the first sample. */
export interface LockReadings {
  hint: number | null;
  locked: boolean | null;
  serviceDays: number | null;
}

/** The lock's readings among the live registers. */
export function lockReadings(unlock: UnlockRegisters, registers: readonly LiveRegister[]): LockReadings {
  const value = (number: number) => registers.find((register) => register.number === number)?.value ?? null;
  const state = value(unlock.state);
  return { hint: value(unlock.hint), locked: state === null ? null : state === 1, serviceDays: value(unlock.service_days) };
}

/** The lock state as a tag: red locked, green unlocked. */
export function LockTag({ locked }: { locked: boolean | null }) {
  const { t } = useTranslation();
  if (locked === null) return <Tag className="lock-tag">—</Tag>;
  return (
    <Tag className="lock-tag" data-locked={locked ? 1 : 0} color={locked ? 'error' : 'success'} icon={locked ? <LockOutlined /> : <UnlockOutlined />}>
      {t(locked ? 'unlock.locked' : 'unlock.unlocked')}
    </Tag>
  );
}

interface UnlockDialogProps {
  open: boolean;
  onClose: () => void;
  boxId: string;
  controllerId: number;
  unlock: UnlockRegisters;
  readings: LockReadings;
}

/** What writing the password came to, from the command's state and the live lock state. */
function WriteOutcome({ write, locked }: { write: ReturnType<typeof useWriteCommand>['state']; locked: boolean | null }) {
  const { t } = useTranslation();
  if (write.phase === 'rejected') return <Alert className="unlock-dialog__outcome" data-outcome="failed" type="error" showIcon title={write.message} />;
  if (write.phase !== 'tracking') return null;
  const { command } = write;
  if (command.state === 'acked') {
    const key = locked === false ? 'unlock.outcome.unlocked' : 'unlock.outcome.accepted';
    return <Alert className="unlock-dialog__outcome" data-outcome={locked === false ? 'unlocked' : 'accepted'} type="success" showIcon title={t(key)} />;
  }
  if (command.state === 'failed' || command.state === 'expired') {
    const wrong = command.error === 'wrong_password';
    const title = wrong ? t('unlock.outcome.wrongPassword') : t('unlock.outcome.failed', { reason: commandErrorText(command.error ?? command.state, t) });
    return <Alert className="unlock-dialog__outcome" data-outcome={wrong ? 'wrong_password' : 'failed'} type="error" showIcon title={title} />;
  }
  return null;
}

/**
 * Unlocking a controller from its live page: the hint code and lock state as they arrive, the mode,
 * reset condition and note; "Calculate" asks the server for the password (one count of the caller's
 * quota), shown big and copyable; "Write to controller" sends it to the password register as a
 * remote write and says whether the controller took it.
 */
export default function UnlockDialog({ open, onClose, boxId, controllerId, unlock, readings }: UnlockDialogProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<UnlockMode>('unlock_once');
  const [reset, setReset] = useState<ResetCondition>('calendar_days');
  const [note, setNote] = useState('');
  const [answer, setAnswer] = useState<(CalculatedPassword & { hint: string }) | null>(null);
  const write = useWriteCommand(boxId, controllerId);
  const hint = readings.hint === null ? null : String(readings.hint).padStart(6, '0');
  const calculation = useMutation({
    mutationFn: async () =>
      (await calculatePassword({ box_id: boxId, controller_id: controllerId, hint_code: hint!, mode, reset_condition: reset, note }, true)).data,
    onSuccess: (calculated) => {
      write.reset();
      setAnswer({ ...calculated, hint: hint! });
    },
  });
  const writing = write.state.phase === 'sending' || (write.state.phase === 'tracking' && ['queued', 'sent'].includes(write.state.command.state));
  const days = readings.serviceDays === null ? '—' : readings.serviceDays === PERMANENT_SERVICE_DAYS ? t('unlock.permanent') : String(readings.serviceDays);

  function close() {
    setAnswer(null);
    calculation.reset();
    write.reset();
    onClose();
  }

  return (
    <Modal open={open} className="unlock-dialog" title={t('unlock.title')} onCancel={close} footer={null} width={560} destroyOnHidden>
      <Descriptions bordered size="small" column={1} className="unlock-dialog__readings">
        <Descriptions.Item label={t('unlock.hintCode')}>
          <Typography.Text className="unlock-dialog__hint" strong>
            {hint ?? '—'}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('unlock.lockState')}>
          <LockTag locked={readings.locked} />
        </Descriptions.Item>
        <Descriptions.Item label={t('unlock.serviceDays')}>
          <span className="unlock-dialog__days">{days}</span>
        </Descriptions.Item>
      </Descriptions>
      <Form layout="vertical" className="unlock-dialog__form" onFinish={() => calculation.mutate()}>
        <div className="unlock-dialog__choices">
          <Form.Item label={t('unlock.mode')} className="unlock-dialog__mode">
            <Select value={mode} onChange={setMode} options={UNLOCK_MODES.map((value) => ({ value, label: t(`unlock.modes.${value}`) }))} />
          </Form.Item>
          <Form.Item label={t('unlock.resetCondition')} className="unlock-dialog__reset">
            <Select value={reset} onChange={setReset} options={RESET_CONDITIONS.map((value) => ({ value, label: t(`unlock.resets.${value}`) }))} />
          </Form.Item>
        </div>
        <Form.Item label={t('unlock.note')}>
          <Input
            className="unlock-dialog__note"
            value={note}
            maxLength={200}
            placeholder={t('unlock.notePlaceholder')}
            onChange={(event) => setNote(event.target.value)}
          />
        </Form.Item>
        {hint === null && <Alert type="info" showIcon title={t('unlock.noHint')} className="unlock-dialog__no-hint" />}
        <Button type="primary" htmlType="submit" className="unlock-dialog__calculate" disabled={hint === null} loading={calculation.isPending}>
          {t('unlock.calculate')}
        </Button>
      </Form>
      {calculation.isError && (
        <Alert
          className="unlock-dialog__error"
          type="error"
          showIcon
          title={t('unlock.calculateFailed', { reason: calculation.error instanceof Error ? calculation.error.message : String(calculation.error) })}
        />
      )}
      {answer && (
        <div className="unlock-dialog__answer">
          <Typography.Text type="secondary">
            {t('unlock.password')} · {t('unlock.hintCode')} {answer.hint}
          </Typography.Text>
          <Typography.Text className="unlock-dialog__password" copyable={{ text: answer.password, tooltips: [t('unlock.copy'), t('unlock.copied')] }}>
            {answer.password}
          </Typography.Text>
          <Typography.Text type="secondary" className="unlock-dialog__remaining">
            {answer.remaining === null ? t('unlock.unlimited') : t('unlock.remaining', { n: answer.remaining })}
          </Typography.Text>
          <Button className="unlock-dialog__write" onClick={() => void write.send(unlock.password, answer.password)} loading={writing} disabled={writing}>
            {writing ? t('unlock.writing') : t('unlock.write')}
          </Button>
          <WriteOutcome write={write.state} locked={readings.locked} />
        </div>
      )}
    </Modal>
  );
}
