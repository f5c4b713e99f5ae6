import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Runs a change of users or relations: on success says how many devices it touched and reloads
 * every user-management list (and device lists, whose contents may have changed). Failures were
 * shown by the request layer.
 */
export type RelationChange = ReturnType<typeof useRelationChange>;

export function useRelationChange() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return async function run(change: () => Promise<{ changed: number } | unknown>): Promise<boolean> {
    try {
      const result = await change();
      const changed = (result as { changed?: number } | null)?.changed;
      void message.success(changed === undefined ? t('usermanager.common.done') : t('usermanager.share.changed', { count: changed }));
      await queryClient.invalidateQueries();
      return true;
    } catch {
      return false;
    }
  };
}
