import { createHmac } from 'node:crypto';
import { markdown, subjectOf, type MessageContext, type Outgoing } from './message.js';
import { postJson, robotAnswer } from './http.js';

/** DingTalk's signing of a custom robot's URL: `timestamp` (ms) and `sign`, the base64 HMAC-SHA256 of `<timestamp>\n<secret>` keyed by the secret. */
export function dingtalkUrl(url: string, secret: string, now = Date.now()): string {
  if (!secret) return url;
  const timestamp = String(now);
  const sign = createHmac('sha256', secret).update(`${timestamp}\n${secret}`).digest('base64');
  return `${url}${url.includes('?') ? '&' : '?'}timestamp=${timestamp}&sign=${encodeURIComponent(sign)}`;
}

/** A DingTalk custom robot's markdown message; an answer with an errcode other than 0 is a failure. */
export async function sendDingtalk(outgoing: Outgoing, context: MessageContext): Promise<void> {
  const { event, language } = outgoing;
  const body = JSON.stringify({
    msgtype: 'markdown',
    markdown: { title: subjectOf(event, language, context), text: markdown(event, language, context) },
  });
  robotAnswer(await postJson(dingtalkUrl(outgoing.delivery.recipient, outgoing.secret), body, {}, outgoing.signal));
}
