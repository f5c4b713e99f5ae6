import { useViewQuery } from '../../../router/view-query';

/** The user a relation screen works on: `?user_id=` (and its name for the title) from the list it was opened from. */
export function useTargetUser(): { id: number; name: string } | null {
  const query = useViewQuery();
  const id = Number(query.get('user_id'));
  return Number.isInteger(id) && id > 0 ? { id, name: query.get('name') ?? String(id) } : null;
}
