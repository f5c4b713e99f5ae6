import { CHANNEL_KINDS, type ChannelKind, type MessageType, type PushMatrix } from '@cloudbox/domain';

/** Whether the matrix sends this type through this kind. */
export const ticked = (matrix: PushMatrix, type: MessageType, kind: ChannelKind): boolean => matrix[type]?.includes(kind) ?? false;

/** The matrix with one box flipped: kinds in their declared order, a type without kinds left out (as the server stores it). */
export function toggled(matrix: PushMatrix, type: MessageType, kind: ChannelKind, on: boolean): PushMatrix {
  const kinds = CHANNEL_KINDS.filter((candidate) => (candidate === kind ? on : ticked(matrix, type, candidate)));
  const next: PushMatrix = { ...matrix };
  if (kinds.length > 0) next[type] = kinds;
  else delete next[type];
  return next;
}
