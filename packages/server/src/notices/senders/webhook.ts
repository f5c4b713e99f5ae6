import { createHmac } from 'node:crypto';
import { noteOf, type Outgoing } from './message.js';
import { postJson } from './http.js';

/** The JSON a webhook receives: the notification's fields, `id` being the idempotency key (a retry carries the same). */
export function webhookBody({ delivery, event, language }: Outgoing): string {
  return JSON.stringify({
    id: delivery.idempotencyKey,
    type: event.type,
    box_id: event.box_id,
    controller_id: event.controller_id,
    company: event.company,
    box_model: event.box_model,
    device_number: event.device_number,
    run_status: event.run_status,
    note: noteOf(event, language),
    register: event.register,
    value: event.value,
    fault_record_id: event.fault_record_id,
    at: event.at,
    language,
  });
}

/** `sha256=` and the hex HMAC-SHA256, keyed by the channel's secret, of `<timestamp>.<body>`. */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/**
 * A signed webhook: the receiver recomputes the signature over the timestamp and the raw body,
 * refuses an old timestamp (a replay), and drops an `X-Cloudbox-Delivery` it already has (a retry).
 */
export async function sendWebhook(outgoing: Outgoing): Promise<void> {
  const body = webhookBody(outgoing);
  const timestamp = String(Math.floor(Date.now() / 1000));
  await postJson(
    outgoing.delivery.recipient,
    body,
    {
      'X-Cloudbox-Delivery': outgoing.delivery.idempotencyKey,
      'X-Cloudbox-Timestamp': timestamp,
      'X-Cloudbox-Signature': webhookSignature(outgoing.secret, timestamp, body),
    },
    outgoing.signal,
  );
}
