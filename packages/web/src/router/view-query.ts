import { useMemo } from 'react';
import { useTagsViewStore } from '../stores/tagsView';
import { useView } from './view-context';

/**
 * The query string of this view (its tab's full path), not of the current location: a kept-alive
 * view behind another tab keeps its own query, like its params.
 */
export function useViewQuery(): URLSearchParams {
  const { path } = useView();
  const fullPath = useTagsViewStore((state) => state.visitedViews.find((view) => view.path === path)?.fullPath);
  return useMemo(() => {
    const index = fullPath?.indexOf('?') ?? -1;
    return new URLSearchParams(index >= 0 && fullPath ? fullPath.slice(index) : window.location.pathname === path ? window.location.search : '');
  }, [fullPath, path]);
}
