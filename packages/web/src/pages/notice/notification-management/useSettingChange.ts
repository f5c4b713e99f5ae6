import type { Envelope } from '@cloudbox/domain';
import type { FormInstance } from 'antd';
import { useChange } from '../../../utils/use-change';
import { showServerErrors } from '../../box-reg-info/shared/server-errors';

/**
 * Runs a change of the notification settings (`useChange`), reading the lists again; given a
 * form, a refusal's field messages go beside their fields. Answers whether it was done.
 */
export function useSettingChange() {
  const run = useChange([['notice-settings']]);
  return async (change: () => Promise<Envelope<unknown>>, form?: FormInstance): Promise<boolean> =>
    (await run(change, form && ((error) => showServerErrors(form, error)))) !== undefined;
}
