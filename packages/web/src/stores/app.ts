import { DEFAULT_SIZE, LANGUAGE_COOKIE, SIDEBAR_COOKIE, SIZE_COOKIE, SIZES, type Language, type Size } from '@cloudbox/domain';
import Cookies from 'js-cookie';
import { create } from 'zustand';
import i18n, { currentLanguage, loadLanguage } from '../i18n';

export type Device = 'desktop' | 'mobile';

interface AppState {
  sidebarOpened: boolean;
  /** Set when the sidebar closes because the window became narrow: no slide animation then. */
  sidebarWithoutAnimation: boolean;
  device: Device;
  size: Size;
  language: Language;
  toggleSidebar(): void;
  closeSidebar(withoutAnimation: boolean): void;
  setDevice(device: Device): void;
  setSize(size: Size): void;
  setLanguage(language: Language): Promise<void>;
}

const COOKIE_OPTIONS = { expires: 365, sameSite: 'lax' } as const;

function initialSize(): Size {
  const stored = Cookies.get(SIZE_COOKIE);
  return (SIZES as readonly string[]).includes(stored ?? '') ? (stored as Size) : DEFAULT_SIZE;
}

/** Sidebar state, language and size persist in cookies (SPEC.md section 4): '1' open, '0' closed. */
export const useAppStore = create<AppState>((set, get) => ({
  sidebarOpened: Cookies.get(SIDEBAR_COOKIE) !== '0',
  sidebarWithoutAnimation: false,
  device: 'desktop',
  size: initialSize(),
  language: currentLanguage(),

  toggleSidebar() {
    const opened = !get().sidebarOpened;
    Cookies.set(SIDEBAR_COOKIE, opened ? '1' : '0', COOKIE_OPTIONS);
    set({ sidebarOpened: opened, sidebarWithoutAnimation: false });
  },
  closeSidebar(withoutAnimation) {
    Cookies.set(SIDEBAR_COOKIE, '0', COOKIE_OPTIONS);
    set({ sidebarOpened: false, sidebarWithoutAnimation: withoutAnimation });
  },
  setDevice(device) {
    set({ device });
  },
  setSize(size) {
    Cookies.set(SIZE_COOKIE, size, COOKIE_OPTIONS);
    set({ size });
  },
  async setLanguage(language) {
    Cookies.set(LANGUAGE_COOKIE, language, COOKIE_OPTIONS);
    await loadLanguage(language);
    await i18n.changeLanguage(language);
    set({ language });
  },
}));
