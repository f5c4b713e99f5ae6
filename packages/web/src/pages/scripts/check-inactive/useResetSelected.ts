import { MAX_BOXES_PER_CHANGE, type BoxResetAction } from '@cloudbox/domain';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { startBoxReset } from '../../../api/boxResets';
import type { useChange } from '../../../utils/use-change';

/**
 * Reboots the selected boxes or resets their configuration, after a confirmation (at most
 * MAX_BOXES_PER_CHANGE of them); the started job is followed on reset-device.
 */
export function useResetSelected(selected: string[], change: ReturnType<typeof useChange>) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();

  return function reset(action: BoxResetAction) {
    if (selected.length > MAX_BOXES_PER_CHANGE) {
      void modal.warning({ title: t('inactiveBoxes.tooManySelected', { max: MAX_BOXES_PER_CHANGE }) });
      return;
    }
    modal.confirm({
      title: t('inactiveBoxes.confirmTitle'),
      content: t(action === 'reboot' ? 'inactiveBoxes.confirmReboot' : 'inactiveBoxes.confirmResetConfig', { count: selected.length }),
      className: 'check-inactive__confirm',
      okText: t('inactiveBoxes.confirm'),
      cancelText: t('inactiveBoxes.cancel'),
      okButtonProps: { danger: action === 'reset_config' },
      onOk: async () => {
        const answer = await change(() => startBoxReset({ action, box_ids: selected }));
        if (answer) void navigate(`/scripts/reset-device?job=${answer.data.job_id}`);
      },
    });
  };
}
