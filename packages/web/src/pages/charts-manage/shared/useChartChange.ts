import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Runs a change of chart settings: on success says so and reloads what reads them (root's lists
 * and every page's type charts). Failures were shown by the request layer; the error is passed
 * on so that a form can put field messages beside their fields.
 */
export function useChartChange() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return async function run(change: () => Promise<unknown>, done: 'saved' | 'deleted' = 'saved'): Promise<void> {
    await change();
    void message.success(t(`chartSettings.${done}`));
    await Promise.all([queryClient.invalidateQueries({ queryKey: ['chart-settings'] }), queryClient.invalidateQueries({ queryKey: ['type-charts'] })]);
  };
}
