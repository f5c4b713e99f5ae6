import { create } from 'zustand';

/** One captured error, with the fields the error-log dialog shows (SPEC.md section 8). */
export interface ErrorLogEntry {
  message: string;
  info: string;
  url: string;
  stack: string;
  time: number;
}

interface ErrorLogState {
  logs: ErrorLogEntry[];
  add(entry: Omit<ErrorLogEntry, 'time' | 'url'> & { url?: string }): void;
  clear(): void;
}

export const useErrorLogStore = create<ErrorLogState>((set) => ({
  logs: [],
  add: (entry) => set((state) => ({ logs: [...state.logs, { url: window.location.href, ...entry, time: Date.now() }] })),
  clear: () => set({ logs: [] }),
}));
