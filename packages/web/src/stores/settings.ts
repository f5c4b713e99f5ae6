import { DEFAULT_SETTINGS } from '@cloudbox/domain';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

export interface Settings {
  theme: string;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
}

interface SettingsState extends Settings {
  change<K extends keyof Settings>(key: K, value: Settings[K]): void;
}

/** The settings drawer's choices, kept in localStorage. */
export const useSettingsStore = create<SettingsState>()(
  persist(
    (set) => ({
      ...DEFAULT_SETTINGS,
      change: (key, value) => set({ [key]: value } as Partial<Settings>),
    }),
    { name: 'cloudbox-settings' },
  ),
);
