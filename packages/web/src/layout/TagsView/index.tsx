import { CloseOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { usePermissionStore } from '../../stores/permission';
import { affixViews, useTagsViewStore, type TagView } from '../../stores/tagsView';
import './index.css';

type TagAction = 'refresh' | 'close' | 'closeOthers' | 'closeAll';

/** The translated route title, plus device id, controller id or date for device pages. */
export function tabTitle(view: TagView, translate: (key: string) => string): string {
  const title = translate(`route.${view.title}`);
  const suffix = view.screenSuffix ?? view.titleSuffix;
  return suffix.length > 0 ? `${title} ${suffix.join('/')}` : title;
}

export default function TagsView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const routes = usePermissionStore((state) => state.routes);
  const visitedViews = useTagsViewStore((state) => state.visitedViews);
  const store = useTagsViewStore.getState;
  const scroller = useRef<HTMLDivElement>(null);

  useEffect(() => {
    for (const view of affixViews(routes)) store().pinView(view);
  }, [routes, store]);

  useEffect(() => {
    scroller.current?.querySelector('.tags-view-item.active')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname, visitedViews.length]);

  /**
   * The path shown now. Not `pathname`: the router renders a navigation as a transition, so right
   * after one the rendered path is still the one before it.
   */
  const shownPath = () => window.location.pathname;

  /** After the active tab went away: the last remaining tab, or home. */
  function toLastView() {
    const last = store().visitedViews.at(-1);
    void navigate(last ? last.fullPath : '/');
  }

  function close(view: TagView) {
    if (view.affix) return;
    store().delView(view);
    if (view.path === shownPath()) toLastView();
  }

  const actions: Record<TagAction, (view: TagView) => void> = {
    refresh(view) {
      store().refreshView(view);
      if (view.path !== shownPath()) void navigate(view.fullPath);
    },
    close,
    closeOthers(view) {
      store().delOthersViews(view);
      if (view.path !== shownPath()) void navigate(view.fullPath);
    },
    closeAll() {
      store().delAllViews();
      if (!store().visitedViews.some((view) => view.path === shownPath())) toLastView();
    },
  };

  /**
   * One tab's menu, where it was right-clicked: made on demand, the one Dropdown of the bar (a
   * Dropdown for each tab was made with every page load and rendered twice).
   */
  const [menu, setMenu] = useState<{ view: TagView; x: number; y: number }>();
  function contextMenu(view: TagView): MenuProps {
    const keys: TagAction[] = view.affix ? ['refresh', 'closeOthers', 'closeAll'] : ['refresh', 'close', 'closeOthers', 'closeAll'];
    return {
      items: keys.map((key) => ({ key, className: `tags-menu-${key}`, label: <span data-action={key}>{t(`tagsView.${key}`)}</span> })),
      onClick: ({ key }) => {
        setMenu(undefined);
        actions[key as TagAction](view);
      },
    };
  }

  return (
    <nav className="tags-view-container" aria-label="tags">
      <div className="tags-view-wrapper" ref={scroller}>
        {visitedViews.map((view) => {
          const active = view.path === pathname;
          return (
            <Link
              key={view.path}
              to={view.fullPath}
              className={`tags-view-item${active ? ' active' : ''}`}
              data-path={view.path}
              data-affix={view.affix || undefined}
              onContextMenu={(event) => {
                event.preventDefault();
                setMenu({ view, x: event.clientX, y: event.clientY });
              }}
              onAuxClick={(event) => {
                // Middle click closes a tab, as in the browser's own tab strip.
                if (event.button !== 1) return;
                event.preventDefault();
                close(view);
              }}
            >
              {tabTitle(view, t)}
              {!view.affix && (
                <CloseOutlined
                  className="tags-view-item__close"
                  aria-label={t('tagsView.close')}
                  onClick={(event) => {
                    event.preventDefault();
                    event.stopPropagation();
                    close(view);
                  }}
                />
              )}
            </Link>
          );
        })}
      </div>
      {menu && (
        <Dropdown key={`${menu.x},${menu.y}`} open trigger={['click']} menu={contextMenu(menu.view)} onOpenChange={(open) => open || setMenu(undefined)}>
          <span className="tags-view-menu-anchor" style={{ left: menu.x, top: menu.y }} />
        </Dropdown>
      )}
    </nav>
  );
}
