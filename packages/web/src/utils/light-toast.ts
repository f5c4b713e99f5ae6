import type { ReactNode } from 'react';
import './light-toast.css';

const DEFAULT_SECONDS = 3;

/**
 * A message at the top of the page, as antd's message shows one, for the screens that load no
 * antd (the log-in page). Text only; resolves when it is gone.
 */
export function lightToast(kind: 'success' | 'error', content: ReactNode, duration = DEFAULT_SECONDS): Promise<boolean> {
  let stack = document.querySelector<HTMLElement>('.light-toasts');
  if (!stack) {
    stack = document.createElement('div');
    stack.className = 'light-toasts';
    stack.setAttribute('role', 'status');
    document.body.append(stack);
  }
  const toast = document.createElement('div');
  toast.className = `light-toast light-toast--${kind}`;
  toast.textContent = typeof content === 'string' || typeof content === 'number' ? String(content) : '';
  stack.append(toast);
  return new Promise((resolve) => {
    setTimeout(() => {
      toast.remove();
      resolve(true);
    }, duration * 1000);
  });
}
