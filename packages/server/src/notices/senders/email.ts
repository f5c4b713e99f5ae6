import nodemailer, { type Transporter } from 'nodemailer';
import { html, plainText, PermanentDeliveryError, subjectOf, type MessageContext, type Outgoing } from './message.js';

/** The Message-ID of a delivery's e-mail: from its idempotency key, so a resend is recognisably the same message. */
export function messageIdOf(idempotencyKey: string, from: string): string {
  const domain = /@([\w.-]+)/.exec(from)?.[1] ?? 'cloudbox.invalid';
  return `<cloudbox.notice.${idempotencyKey.replace(/[^\w.-]/g, '.')}@${domain}>`;
}

/**
 * E-mail over SMTP_URL (smtp:// upgrades with STARTTLS when the server offers it; smtps:// is TLS
 * from the start). Without SMTP_URL every e-mail delivery fails at once, saying so.
 */
export function createEmailSender(options: { smtpUrl: string | undefined; from: string; timeoutMs: number }) {
  let transport: Transporter | undefined;
  const transportOf = (url: string) =>
    (transport ??= nodemailer.createTransport({
      url,
      connectionTimeout: options.timeoutMs,
      greetingTimeout: options.timeoutMs,
      socketTimeout: options.timeoutMs,
    }));

  return {
    async send(outgoing: Outgoing, context: MessageContext): Promise<void> {
      if (!options.smtpUrl) throw new PermanentDeliveryError('SMTP_URL is not set');
      const { event, language, delivery } = outgoing;
      const sending = transportOf(options.smtpUrl).sendMail({
        from: options.from,
        to: delivery.recipient,
        subject: subjectOf(event, language, context),
        text: plainText(event, language, context),
        html: html(event, language, context),
        messageId: messageIdOf(delivery.idempotencyKey, options.from),
        headers: { 'X-Cloudbox-Delivery': delivery.idempotencyKey },
      });
      await abortable(sending, outgoing.signal);
    },
    close(): void {
      transport?.close();
    },
  };
}

/** The promise, or a rejection as soon as the signal aborts (the SMTP conversation's own timeouts end it). */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  promise.catch(() => undefined);
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', abort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', abort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', abort);
        reject(error as Error);
      },
    );
  });
}
