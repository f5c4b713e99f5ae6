import { CheckCircleOutlined, ClockCircleOutlined, CloseCircleOutlined, SyncOutlined } from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WriteState } from './command-state';

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
  return (
    <Tooltip title={command.error ?? undefined}>
      <Tag className="command-tag" data-state={command.state} icon={icon} color={color}>
        {t(`live.command.${command.state}`)}
      </Tag>
    </Tooltip>
  );
}
