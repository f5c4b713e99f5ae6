import { useQuery } from '@tanstack/react-query';
import { useViewQuery } from '../../../router/view-query';

/**
 * The setting an add page edits (`?id=`), from root's list of all, and the type a new one starts
 * on (`?device_type=`). `waiting`: an id is asked for and not found yet.
 */
export function useEditedSetting<T extends { id: number }>(kind: 'gauges' | 'stacked', list: () => Promise<T[]>) {
  const query = useViewQuery();
  const id = Number(query.get('id') ?? Number.NaN);
  const editing = Number.isInteger(id) && id > 0;
  const settings = useQuery({ queryKey: ['chart-settings', kind, undefined], queryFn: list, enabled: editing });
  const setting = settings.data?.find((candidate) => candidate.id === id);
  return { setting, waiting: editing && !setting, fetching: settings.isFetching, deviceType: query.get('device_type') ?? undefined };
}
