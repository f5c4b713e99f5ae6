import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useChartChange } from './useChartChange';

/** Asks before deleting a setting named `name`, then deletes it. */
export function useRemove() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const run = useChartChange();
  return (name: string, remove: () => Promise<unknown>) =>
    modal.confirm({
      title: t('chartSettings.deleteConfirm', { name }),
      okButtonProps: { danger: true, className: 'chart-delete__ok' },
      onOk: () => run(remove, 'deleted').catch(() => undefined),
    });
}
