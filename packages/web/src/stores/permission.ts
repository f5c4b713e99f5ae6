import { filterRoutes, LAYOUT_ROUTES, type AccessName, type RouteNode } from '@cloudbox/domain';
import { create } from 'zustand';

/** The routes the signed-in user may see: what the sidebar, header search and affix tabs read. */
interface PermissionState {
  routes: RouteNode[];
  generateRoutes(roles: readonly AccessName[]): RouteNode[];
}

export const usePermissionStore = create<PermissionState>((set) => ({
  routes: [],
  generateRoutes(roles) {
    const routes = filterRoutes(LAYOUT_ROUTES, roles);
    set({ routes });
    return routes;
  },
}));
