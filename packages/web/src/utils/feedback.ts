import { message as staticMessage, Modal, type ModalFuncProps } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

interface ModalApi {
  confirm(props: ModalFuncProps): { destroy(): void };
  warning(props: ModalFuncProps): { destroy(): void };
}

interface Feedback {
  message: MessageInstance;
  modal: ModalApi;
}

/**
 * Messages and dialogs raised outside React (request handling, the route guard). Once the app
 * has rendered, `FeedbackBinder` swaps in antd's context-aware instances so they follow the
 * current theme, size and locale; before that (the first guard run) the static API is used.
 */
let current: Feedback = { message: staticMessage, modal: Modal };

export function bindFeedback(next: Feedback): void {
  current = next;
}

export const feedback = {
  get message(): MessageInstance {
    return current.message;
  },
  get modal(): ModalApi {
    return current.modal;
  },
};
