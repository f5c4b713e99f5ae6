import type { ChannelKind } from '@cloudbox/domain';
import { createEmailSender } from './email.js';
import { sendDingtalk } from './dingtalk.js';
import type { MessageContext, Outgoing } from './message.js';
import { sendWebhook } from './webhook.js';
import { sendWecom } from './wecom.js';

export { PermanentDeliveryError, type Delivery, type MessageContext, type Outgoing } from './message.js';

export interface Senders {
  send(outgoing: Outgoing): Promise<void>;
  close(): void;
}

/** One sender per channel kind, writing with the system's name and the console's address. */
export function createSenders(options: { smtpUrl: string | undefined; smtpFrom: string; timeoutMs: number; context: MessageContext }): Senders {
  const email = createEmailSender({ smtpUrl: options.smtpUrl, from: options.smtpFrom, timeoutMs: options.timeoutMs });
  const byKind: Record<ChannelKind, (outgoing: Outgoing) => Promise<void>> = {
    email: (outgoing) => email.send(outgoing, options.context),
    webhook: (outgoing) => sendWebhook(outgoing),
    dingtalk: (outgoing) => sendDingtalk(outgoing, options.context),
    wecom: (outgoing) => sendWecom(outgoing, options.context),
  };
  return {
    send: (outgoing) => byKind[outgoing.delivery.kind](outgoing),
    close: () => email.close(),
  };
}
