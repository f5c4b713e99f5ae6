import { useErrorLogStore } from '../stores/errorLog';

/** What an unknown thrown value says about itself, for the error log. */
export function describeError(error: unknown): { message: string; stack: string } {
  if (error instanceof Error) return { message: error.message || error.name, stack: error.stack ?? '' };
  return { message: typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error)), stack: '' };
}

export function logError(error: unknown, info: string): void {
  useErrorLogStore.getState().add({ ...describeError(error), info });
}

/** Captures what escapes every handler: uncaught errors and unhandled promise rejections. */
export function installGlobalErrorLog(): void {
  window.addEventListener('error', (event) => logError(event.error ?? event.message, `window.onerror ${event.filename}:${event.lineno}:${event.colno}`));
  window.addEventListener('unhandledrejection', (event) => logError(event.reason, 'unhandledrejection'));
}
