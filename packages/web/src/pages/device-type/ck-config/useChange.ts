import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Runs a change of companies or their models: on success says so and reloads the lists of both
 * screens (a model change shows in the company list's counts, a device-type change in the rights
 * editor). Failures were shown by the request layer; the answer tells the caller whether to close
 * its dialog.
 */
export function useCompanyChange() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return async function run(change: () => Promise<unknown>, done: 'saved' | 'deleted' = 'saved'): Promise<boolean> {
    try {
      await change();
    } catch {
      return false;
    }
    void message.success(t(`companies.${done}`));
    await queryClient.invalidateQueries({ queryKey: ['companies'] });
    return true;
  };
}
