import { Grid } from 'antd';

/**
 * Below 992 px (antd's `lg`, where the console takes its phone layout) the user-management tables
 * keep their actions in a narrow column fixed to the right edge, its buttons stacked, so that a row
 * scrolled sideways still has them in reach.
 */
export function useCompactLayout(): boolean {
  return !Grid.useBreakpoint().lg;
}
