import type { ModalFuncProps } from 'antd';
import type { ReactNode } from 'react';
import { lightToast } from './light-toast';

/** The messages raised outside React: a success or an error, shown for `duration` seconds. */
interface MessageApi {
  success(content: ReactNode, duration?: number): PromiseLike<unknown>;
  error(content: ReactNode, duration?: number): PromiseLike<unknown>;
}

interface ModalApi {
  confirm(props: ModalFuncProps): { destroy(): void };
  warning(props: ModalFuncProps): { destroy(): void };
}

interface Feedback {
  message: MessageApi;
  modal: ModalApi;
}

/** antd's static dialog, loaded when one is first needed before the console's providers are (rare: a warning on the log-in page). */
function lazyDialog(kind: keyof ModalApi) {
  return (props: ModalFuncProps) => {
    let destroy: (() => void) | undefined;
    let destroyed = false;
    void import('antd').then(({ Modal }) => {
      if (!destroyed) destroy = Modal[kind](props).destroy;
    });
    return {
      destroy() {
        destroyed = true;
        destroy?.();
      },
    };
  };
}

/**
 * Without antd (the log-in page, the guard's first run): light toasts of our own, and antd's
 * dialogs loaded on demand.
 */
const light: Feedback = {
  message: { success: (content, duration) => lightToast('success', content, duration), error: (content, duration) => lightToast('error', content, duration) },
  modal: { confirm: lazyDialog('confirm'), warning: lazyDialog('warning') },
};

/**
 * Messages and dialogs raised outside React (request handling, the route guard). While the
 * console's providers are mounted, `FeedbackBinder` swaps in antd's context-aware instances so
 * they follow the current theme, size and locale; the light ones serve before and after.
 */
let current: Feedback = light;

/** Binds antd's instances; answers the unbinding, for when the providers unmount. */
export function bindFeedback(next: Feedback): () => void {
  current = next;
  return () => {
    if (current === next) current = light;
  };
}

export const feedback = {
  get message(): MessageApi {
    return current.message;
  },
  get modal(): ModalApi {
    return current.modal;
  },
};
