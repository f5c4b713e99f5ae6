import { createContext, useContext } from 'react';

/** What a screen rendered by the layout knows about the view it belongs to. */
export interface ViewInfo {
  path: string;
  params: Readonly<Record<string, string>>;
  /** False while the view is kept alive behind another tab. */
  active: boolean;
}

export const ViewContext = createContext<ViewInfo | null>(null);

/**
 * A kept-alive screen must read its own parameters, not those of the current location:
 * react-router's useParams would follow the active tab.
 */
export function useView(): ViewInfo {
  const view = useContext(ViewContext);
  if (!view) throw new Error('useView must be used inside a layout view');
  return view;
}
