import { DEVICE_STATE_LABELS, formatMessage, MESSAGE_TYPE_LABELS, type ChannelKind, type Language, type MessageKey } from '@cloudbox/domain';
import type { NoticeEventRow } from '../sql.js';

/**
 * What a delivery says, in its channel's language: the fields of SPEC.md section 3's notification
 * (company, alarm type, run status, box model, note, time, IoT id) and the device, as a subject,
 * plain text, HTML (e-mail) or markdown (the group robots).
 */

/** One delivery as the worker took it (a `notice_deliveries` row). */
export interface Delivery {
  id: number;
  eventId: number;
  channelId: number | null;
  kind: ChannelKind;
  recipient: string;
  idempotencyKey: string;
  attempts: number;
}

/** Everything a sender needs: the delivery, its event, the channel's secret and language, and the end of its time. */
export interface Outgoing {
  delivery: Delivery;
  event: NoticeEventRow;
  secret: string;
  language: Language;
  signal: AbortSignal;
}

/** The rest of the message's world: the system's name, the console's address. */
export interface MessageContext {
  systemName: string;
  publicUrl: string | undefined;
}

/** A failure that no retry mends (no SMTP server configured, the channel deleted): the delivery fails at once. */
export class PermanentDeliveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentDeliveryError';
  }
}

/** The note in the channel's language (zh when that one is empty). */
export function noteOf(event: NoticeEventRow, language: Language): string {
  return event.message[language] || event.message.zh || '';
}

/** When it happened, as people read it everywhere: UTC, to the second. */
export function timeOf(at: number): string {
  return `${new Date(at).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

export function subjectOf(event: NoticeEventRow, language: Language, context: MessageContext): string {
  const params = {
    system: context.systemName,
    type: formatMessage(language, MESSAGE_TYPE_LABELS[event.type]),
    box: event.box_id,
    station: event.controller_id ?? '',
    note: noteOf(event, language),
  };
  return formatMessage(language, event.controller_id === null ? 'noticeMailSubjectBox' : 'noticeMailSubject', params);
}

/** The fields, labelled in the language, in the order SPEC.md lists them, then the device's. */
export function fieldsOf(event: NoticeEventRow, language: Language): [string, string][] {
  const label = (key: MessageKey) => formatMessage(language, key);
  // SPEC's fields always (a dash for an empty one), the device's when it has them.
  const spec: [MessageKey, string][] = [
    ['noticeFieldCompany', event.company],
    ['noticeFieldType', label(MESSAGE_TYPE_LABELS[event.type])],
    ['noticeFieldRunStatus', label(DEVICE_STATE_LABELS[event.run_status])],
    ['noticeFieldBoxModel', event.box_model],
    ['noticeFieldNote', noteOf(event, language)],
    ['noticeFieldTime', timeOf(event.at)],
    ['noticeFieldIotId', event.box_id],
  ];
  const device: [MessageKey, string | number | null][] = [
    ['noticeFieldStation', event.controller_id],
    ['noticeFieldDeviceNumber', event.device_number],
    ['noticeFieldRegister', event.register],
    ['noticeFieldValue', event.value],
  ];
  return [
    ...spec.map(([key, value]): [string, string] => [label(key), value || '-']),
    ...device.filter(([, value]) => value !== null && value !== '').map(([key, value]): [string, string] => [label(key), String(value)]),
  ];
}

/** The console's page of the device, when the console's address is known. */
export function linkOf(event: NoticeEventRow, context: MessageContext): string | undefined {
  if (!context.publicUrl) return undefined;
  const box = encodeURIComponent(event.box_id);
  return event.controller_id === null ? `${context.publicUrl}/devices/box/${box}` : `${context.publicUrl}/devices/controller/${box}/${event.controller_id}`;
}

export function plainText(event: NoticeEventRow, language: Language, context: MessageContext): string {
  const lines = fieldsOf(event, language).map(([label, value]) => `${label}: ${value}`);
  const link = linkOf(event, context);
  if (link) lines.push('', `${formatMessage(language, 'noticeOpenConsole')}: ${link}`);
  lines.push('', formatMessage(language, 'noticeMailFooter', { system: context.systemName }));
  return `${lines.join('\n')}\n`;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function html(event: NoticeEventRow, language: Language, context: MessageContext): string {
  const rows = fieldsOf(event, language)
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0;color:#555">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const link = linkOf(event, context);
  const button = link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(formatMessage(language, 'noticeOpenConsole'))}</a></p>` : '';
  const footer = escapeHtml(formatMessage(language, 'noticeMailFooter', { system: context.systemName }));
  return `<!doctype html><html><body style="font-family:sans-serif;font-size:14px">
<h2 style="font-size:16px">${escapeHtml(subjectOf(event, language, context))}</h2>
<table>${rows}</table>${button}<p style="color:#888;font-size:12px">${footer}</p></body></html>`;
}

/** A group robot's markdown (DingTalk and WeCom read the same subset): a title line and the fields. */
export function markdown(event: NoticeEventRow, language: Language, context: MessageContext): string {
  const lines = [`### ${subjectOf(event, language, context)}`, ...fieldsOf(event, language).map(([label, value]) => `> ${label}: ${value}`)];
  const link = linkOf(event, context);
  if (link) lines.push('', `[${formatMessage(language, 'noticeOpenConsole')}](${link})`);
  return lines.join('\n');
}
