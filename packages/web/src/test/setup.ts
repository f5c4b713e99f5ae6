import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadAreas } from '../i18n';

// jsdom lacks the media queries antd's responsive components subscribe to.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

afterEach(cleanup);

// The signed-in console loads its areas' strings with its layout (router); the components under test are of that console.
await loadAreas('zh');
