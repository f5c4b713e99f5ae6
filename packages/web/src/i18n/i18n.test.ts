import { flattenRoutes, FLAGS, LAYOUT_ROUTES, LANGUAGES, ROLES, type RouteNode } from '@cloudbox/domain';
import { describe, expect, it } from 'vitest';
import { ROUTE_ICONS } from '../layout/Sidebar/icons';
import { SCREENS } from '../router/screens';
import { detectLanguage } from '.';
import { MESSAGES } from './locales/all';

type Tree = { [key: string]: string | Tree };

function leafKeys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [prefix + key] : leafKeys(value, `${prefix}${key}.`)));
}

function lookup(tree: Tree, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], tree);
}

function allNodes(routes: readonly RouteNode[]): RouteNode[] {
  return routes.flatMap((route) => [route, ...allNodes(route.children ?? [])]);
}

const titleKeys = [...new Set(allNodes(LAYOUT_ROUTES).flatMap((node) => (node.meta?.title ? [`route.${node.meta.title}`] : [])))];

describe('locales', () => {
  it('have identical key sets in all four languages', () => {
    const zhKeys = leafKeys(MESSAGES.zh).sort();
    for (const language of LANGUAGES) expect(leafKeys(MESSAGES[language]).sort()).toEqual(zhKeys);
  });

  it('translate every route and group title of the table, hidden ones included', () => {
    expect(titleKeys.length).toBeGreaterThan(100);
    expect(flattenRoutes(LAYOUT_ROUTES).every((flat) => titleKeys.includes(`route.${flat.route.meta?.title}`))).toBe(true);
    for (const language of LANGUAGES) {
      for (const key of [...titleKeys, 'systemName']) {
        const value = lookup(MESSAGES[language], key);
        expect(typeof value === 'string' && value.trim() !== '', `${language}: ${key}`).toBe(true);
      }
    }
  });

  it('name every role and flag', () => {
    for (const language of LANGUAGES) {
      for (const name of [...ROLES, ...FLAGS]) expect(lookup(MESSAGES[language], `role.${name}`), `${language}: ${name}`).toBeTruthy();
    }
  });

  it('keep the spec wording in English', () => {
    const messages = MESSAGES.en;
    expect(messages.feedback.switchLanguageSuccess).toBe('Switch Language Success');
    expect(messages.feedback.switchSizeSuccess).toBe('Switch Size Success');
    expect(messages.feedback.fullscreenUnsupported).toBe('you browser can not work');
    expect(messages.request.loggedOut).toBe('You have been logged out, you can cancel to stay on this page, or log in again');
    expect([messages.request.relogin, messages.request.cancel]).toEqual(['Re-Login', 'Cancel']);
  });

  it('pick the language from the cookie, then the browser, then zh', () => {
    expect(detectLanguage('ja', ['en-US'])).toBe('ja');
    expect(detectLanguage(undefined, ['fr-FR', 'es-ES'])).toBe('es');
    expect(detectLanguage('xx', ['fr'])).toBe('zh');
  });
});

describe('route table coverage', () => {
  it('gives every route a screen', () => {
    for (const flat of flattenRoutes(LAYOUT_ROUTES)) expect(SCREENS[flat.route.name ?? ''], flat.fullPath).toBeDefined();
  });

  it('maps every route icon', () => {
    for (const node of allNodes(LAYOUT_ROUTES)) if (node.meta?.icon) expect(ROUTE_ICONS[node.meta.icon], node.meta.icon).toBeDefined();
  });
});
