import { MESSAGE_TYPES, NOTICE_MAX_RANGE, rangeProblem, type ChannelKind, type MessageKey, type MessageType, type PushMatrix } from '@cloudbox/domain';

const BOX_ID = /^\d{1,32}$/;

/** What is wrong with a box id field before sending: empty, or not digits. */
export function boxIdProblem(value: string | undefined): 'required' | 'digits' | null {
  const text = value?.trim() ?? '';
  if (text === '') return 'required';
  return BOX_ID.test(text) ? null : 'digits';
}

/** What is wrong with a range of two valid box ids, worded as the server words it (reversed, too many ids); null when fine or not yet checkable. */
export function boxRangeProblem(start: string | undefined, end: string | undefined): MessageKey | null {
  const from = start?.trim() ?? '';
  const to = end?.trim() ?? '';
  if (!BOX_ID.test(from) || !BOX_ID.test(to)) return null;
  return rangeProblem(from, to, NOTICE_MAX_RANGE);
}

/** A push setting's matrix as its list shows it: each message type with the kinds it goes through, in the declared order (an empty list: nothing pushed). */
export function matrixSummary(push: PushMatrix): { type: MessageType; kinds: ChannelKind[] }[] {
  return MESSAGE_TYPES.filter((type) => (push[type]?.length ?? 0) > 0).map((type) => ({ type, kinds: push[type]! }));
}

/** How often a delivery was tried again: its tries but the first. */
export function retriesOf(attempts: number): number {
  return Math.max(attempts - 1, 0);
}

/** A box id range as one text. */
export function rangeText(range: { start_box_id: string; end_box_id: string }): string {
  return range.start_box_id === range.end_box_id ? range.start_box_id : `${range.start_box_id} – ${range.end_box_id}`;
}
