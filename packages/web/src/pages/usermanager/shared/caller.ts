import type { ManagedUserView } from '@cloudbox/domain';
import { useUserStore } from '../../../stores/user';

/**
 * What the signed-in user may do on the relation screens, as the server decides it (DESIGN.md
 * section 5): managers and root share and assign boxes; CK-wide service staff reach the lists to
 * look (afterSalesPlus also undoes assignments), and their screens are read-only.
 */
export function useMayRelate(): boolean {
  return useUserStore((state) => state.user !== undefined && (state.user.isManager || state.user.roles.includes('root')));
}

/** Whether the signed-in user is the row's manager: only that one changes its model or password or deletes it (others get 404). */
export function useIsParentOf(): (user: ManagedUserView) => boolean {
  const me = useUserStore((state) => state.user?.id);
  return (user) => me !== undefined && user.parent_id === me;
}
