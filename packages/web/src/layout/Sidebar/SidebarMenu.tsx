import { useState, type CSSProperties } from 'react';
import { Link } from 'react-router';
import { RouteIcon } from './icons';
import type { MenuEntry } from './menu';

/** How far each level of the open menu is indented, as antd's inline menu did. */
const INDENT_PX = 24;

interface MenuProps {
  entries: readonly MenuEntry[];
  /** The current page: its link is selected, the groups holding it are marked. */
  pathname: string;
  /** The open groups (their paths), in the open menu. */
  openKeys: readonly string[];
  onToggle(path: string): void;
  title(entry: MenuEntry): string;
}

/**
 * The sidebar's menu: groups that unfold in place and links to the pages, or, narrowed to its icons,
 * each group's links in a panel beside it while the pointer or the keyboard is on it. Made by hand
 * rather than with antd's Menu, which renders every entry twice more after mounting it (and all
 * of them once more, hidden, to learn their paths): a third of the console shell's first render
 * on every page load (BENCHMARKS.md, console). A folded group's links are not rendered.
 */
export default function SidebarMenu({ collapsed, label, ...props }: MenuProps & { collapsed: boolean; label: string }) {
  return (
    <nav className={collapsed ? 'sidebar-menu sidebar-menu--collapsed' : 'sidebar-menu'} aria-label={label}>
      {collapsed ? <CollapsedList {...props} /> : <EntryList {...props} depth={0} />}
    </nav>
  );
}

function EntryList({ depth, ...props }: MenuProps & { depth: number }) {
  return (
    <ul className="sidebar-menu__list">
      {props.entries.map((entry) =>
        entry.children ? <Group key={entry.path} entry={entry} depth={depth} {...props} /> : <Item key={entry.path} entry={entry} depth={depth} {...props} />,
      )}
    </ul>
  );
}

const indent = (depth: number) => ({ '--sidebar-indent': `${INDENT_PX * (depth + 1)}px` }) as CSSProperties;

function Item({ entry, depth, pathname, title }: MenuProps & { entry: MenuEntry; depth: number }) {
  const selected = entry.path === pathname;
  return (
    <li className={selected ? 'sidebar-menu__item sidebar-menu__item--selected' : 'sidebar-menu__item'}>
      <Link to={entry.path} className="sidebar-link" data-path={entry.path} aria-current={selected ? 'page' : undefined} style={indent(depth)}>
        <RouteIcon name={entry.icon} />
        <span className="sidebar-menu__label">{title(entry)}</span>
      </Link>
    </li>
  );
}

function Group({ entry, depth, ...props }: MenuProps & { entry: MenuEntry; depth: number }) {
  const open = props.openKeys.includes(entry.path);
  const holdsPage = props.pathname.startsWith(`${entry.path}/`);
  return (
    <li className={holdsPage ? 'sidebar-menu__group sidebar-menu__group--active' : 'sidebar-menu__group'} data-group={entry.path}>
      <button type="button" className="sidebar-menu__title" aria-expanded={open} onClick={() => props.onToggle(entry.path)} style={indent(depth)}>
        <RouteIcon name={entry.icon} />
        <span className="sidebar-menu__label">{props.title(entry)}</span>
        <span className="sidebar-menu__arrow" aria-hidden />
      </button>
      {open && <EntryList {...props} entries={entry.children ?? []} depth={depth + 1} />}
    </li>
  );
}

/**
 * The narrow menu: one icon per entry; the entry under the pointer or the keyboard's focus shows its
 * title and links in a panel beside the sidebar (fixed, so the sidebar's scrolling box does not clip it).
 */
function CollapsedList(props: MenuProps) {
  const [shown, setShown] = useState<{ path: string; top: number }>();
  const show = (path: string) => (event: { currentTarget: HTMLElement }) => setShown({ path, top: event.currentTarget.getBoundingClientRect().top });
  const hide = (event: { currentTarget: HTMLElement; relatedTarget: EventTarget | null }) => {
    if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) setShown(undefined);
  };
  return (
    <ul className="sidebar-menu__list">
      {props.entries.map((entry) => {
        const holdsPage = entry.path === props.pathname || props.pathname.startsWith(`${entry.path}/`);
        const label = props.title(entry);
        return (
          <li
            key={entry.path}
            className={holdsPage ? 'sidebar-menu__icon sidebar-menu__icon--active' : 'sidebar-menu__icon'}
            data-group={entry.children ? entry.path : undefined}
            onMouseEnter={show(entry.path)}
            onMouseLeave={hide}
            onFocus={show(entry.path)}
            onBlur={hide}
          >
            {entry.children ? (
              <button type="button" className="sidebar-menu__title" aria-label={label} aria-expanded={shown?.path === entry.path}>
                <RouteIcon name={entry.icon} />
              </button>
            ) : (
              <Link to={entry.path} className="sidebar-link" data-path={entry.path} aria-label={label}>
                <RouteIcon name={entry.icon} />
              </Link>
            )}
            {shown?.path === entry.path && (
              <div className="sidebar-menu__flyout" style={{ top: shown.top }}>
                {entry.children ? <EntryList {...props} entries={entry.children} depth={0} /> : <span className="sidebar-menu__flyout-title">{label}</span>}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
