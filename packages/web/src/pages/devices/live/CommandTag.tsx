import { CheckCircleOutlined, ClockCircleOutlined, CloseCircleOutlined, SyncOutlined } from '@ant-design/icons';
import { WRITE_ERRORS } from '@cloudbox/domain';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WriteState } from './command-state';

/** Why a box refused a write (`WRITE_ERRORS`, or `expired`), in the user's language; an unknown code as it came. */
export function commandErrorText(error: string, t: (key: string) => string): string {
  return (WRITE_ERRORS as readonly string[]).includes(error) || error === 'expired' ? t(`unlock.writeError.${error}`) : error;
}

/** The state of a write on its register's row, until it settles. */
export default function CommandTag({ write }: { write: WriteState }) {
  const { t } = useTranslation();
  if (write.phase === 'idle') return null;
  if (write.phase === 'sending') {
    return (
      <Tag className="command-tag" data-state="sending" icon={<SyncOutlined spin />} color="processing">
        {t('live.command.sending')}
      </Tag>
    );
  }
  if (write.phase === 'rejected') {
    return (
      <Tooltip title={write.message}>
        <Tag className="command-tag" data-state="rejected" icon={<CloseCircleOutlined />} color="error">
          {t('live.command.rejected')}
        </Tag>
      </Tooltip>
    );
  }
  const { command } = write;
  const icon = {
    queued: <ClockCircleOutlined />,
    sent: <SyncOutlined spin />,
    acked: <CheckCircleOutlined />,
    failed: <CloseCircleOutlined />,
    expired: <CloseCircleOutlined />,
  }[command.state];
  const color = { queued: 'default', sent: 'processing', acked: 'success', failed: 'error', expired: 'warning' }[command.state];
  const reason = command.error ? commandErrorText(command.error, t) : undefined;
  return (
    <Tooltip title={reason}>
      <Tag className="command-tag" data-state={command.state} data-error={command.error ?? undefined} icon={icon} color={color}>
        {t(`live.command.${command.state}`)}
        {command.state === 'failed' && reason && <span className="command-tag__reason">: {reason}</span>}
      </Tag>
    </Tooltip>
  );
}
