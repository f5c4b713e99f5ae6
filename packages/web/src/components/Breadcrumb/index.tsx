import { matchRoute } from '@cloudbox/domain';
import { Breadcrumb as AntBreadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

const HOME = '/dashboard';

/** Dashboard, then the titled ancestors of the current route, then the route itself. */
export default function Breadcrumb() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const match = matchRoute(pathname);
  if (!match) return null;
  const chain = [...match.ancestors, match.route].flatMap((node) => (node.meta?.title ? [node.meta.title] : []));
  const titles = match.fullPath === HOME ? chain : ['dashboard', ...new Set(chain)];
  const items = titles.map((title, index) => ({
    key: title,
    title: index === 0 && match.fullPath !== HOME ? <Link to={HOME}>{t(`route.${title}`)}</Link> : <span>{t(`route.${title}`)}</span>,
  }));
  return <AntBreadcrumb className="app-breadcrumb" items={items} />;
}
