import type { Envelope } from '@cloudbox/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, type FormInstance } from 'antd';
import { showServerErrors } from '../../box-reg-info/shared/server-errors';

/**
 * Runs a change of the notification settings: on success shows the server's word for it and
 * reloads the lists. A refusal was shown by the request layer; given a form, its field messages
 * go beside their fields. Answers whether it was done.
 */
export function useSettingChange() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return async function run(change: () => Promise<Envelope<unknown>>, form?: FormInstance): Promise<boolean> {
    try {
      void message.success((await change()).message);
    } catch (error) {
      if (form) showServerErrors(form, error);
      return false;
    }
    await queryClient.invalidateQueries({ queryKey: ['notice-settings'] });
    return true;
  };
}
