import { LockOutlined } from '@ant-design/icons';
import { PERMANENT_SERVICE_DAYS, type UnlockRegisters } from '@cloudbox/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getMyPwdQuota, PWD_KEYS } from '../../../api/dynamicPasswords';
import UnlockDialog, { LockTag, lockReadings } from './UnlockDialog';
import type { LiveRegister } from './useDeviceLive';

interface LockBarProps {
  boxId: string;
  controllerId: number;
  unlock: UnlockRegisters;
  registers: readonly LiveRegister[];
}

/**
 * The controller's lock on its live page (types with lock registers): its state, hint code and
 * service days as they arrive, and, for a user whose quota lets it calculate passwords, "Unlock".
 */
export default function LockBar({ boxId, controllerId, unlock, registers }: LockBarProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const quota = useQuery({ queryKey: [...PWD_KEYS.myQuota, boxId], queryFn: () => getMyPwdQuota(boxId, true), retry: false, staleTime: 60_000 });
  const readings = lockReadings(unlock, registers);
  const days = readings.serviceDays === PERMANENT_SERVICE_DAYS ? t('unlock.permanent') : (readings.serviceDays ?? '—');
  return (
    <Card variant="borderless" size="small" className="device-live__lock" data-locked={readings.locked === null ? '' : readings.locked ? 1 : 0}>
      <Space size={16} wrap>
        <LockTag locked={readings.locked} />
        <Typography.Text type="secondary">
          {t('unlock.hintCode')}: <Typography.Text className="device-live__hint">{readings.hint ?? '—'}</Typography.Text>
        </Typography.Text>
        <Typography.Text type="secondary">
          {t('unlock.serviceDays')}: <Typography.Text>{days}</Typography.Text>
        </Typography.Text>
        {quota.data?.may_calculate && (
          <Button type={readings.locked ? 'primary' : 'default'} icon={<LockOutlined />} className="device-live__unlock" onClick={() => setOpen(true)}>
            {t('unlock.open')}
          </Button>
        )}
      </Space>
      <UnlockDialog open={open} onClose={() => setOpen(false)} boxId={boxId} controllerId={controllerId} unlock={unlock} readings={readings} />
    </Card>
  );
}
