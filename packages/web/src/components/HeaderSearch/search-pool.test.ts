import { filterRoutes, LAYOUT_ROUTES, SEARCH_FUZZY } from '@cloudbox/domain';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/locales/en.json';
import zh from '../../i18n/locales/zh';
import { buildSearchPool, createSearchIndex } from './search-pool';

const translateWith = (messages: { route: Record<string, string> }) => (key: string) => messages.route[key.replace(/^route\./, '')] ?? key;

describe('header search pool', () => {
  const endUserRoutes = filterRoutes(LAYOUT_ROUTES, ['end_user']);

  it('holds only the routes the user may see, without parameters, with translated titles', () => {
    const pool = buildSearchPool(endUserRoutes, translateWith(zh));
    const paths = pool.map((item) => item.path);
    expect(paths).toContain('/dashboard');
    expect(paths).toContain('/usermanager/change-password');
    expect(paths).not.toContain('/scripts/scripts-list');
    expect(paths).not.toContain('/usermanager/add-device');
    expect(paths.some((path) => path.includes(':'))).toBe(false);
    expect(pool.find((item) => item.path === '/usermanager/change-password')?.title).toEqual(['用户管理', '修改密码']);
    expect(pool.find((item) => item.path === '/profile/index')?.title).toEqual(['个人中心']);
  });

  it('rebuilds in the language it is given', () => {
    const pool = buildSearchPool(endUserRoutes, translateWith(en));
    expect(pool.find((item) => item.path === '/devices/devices-show')?.title).toEqual(['Devices', 'Device List']);
  });

  it('finds pages by fuzzy title and by path with the configured weights and threshold', () => {
    const index = createSearchIndex(buildSearchPool(filterRoutes(LAYOUT_ROUTES, ['root']), translateWith(zh)));
    expect(index.search('修改密码')[0]?.item.path).toBe('/usermanager/change-password');
    expect(index.search('k-line').length).toBe(0); // the K-line page needs a device: not searchable
    expect(index.search('redis')[0]?.item.path).toBe('/tools/redis');
    expect(index.search('zzzzqqqq')).toEqual([]);

    const options = (index as unknown as { options: { threshold: number; keys: { name: string; weight: number }[] } }).options;
    expect(options.threshold).toBe(SEARCH_FUZZY.threshold);
    expect(options.keys.map(({ name, weight }) => [name, weight])).toEqual([
      ['title', 0.7],
      ['path', 0.3],
    ]);
  });
});
