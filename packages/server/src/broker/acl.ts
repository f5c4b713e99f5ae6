import { TOPIC_ROOT } from '@cloudbox/domain';

/**
 * The topic rules of a box (DESIGN.md section 4): it publishes only `cloudbox/{its id}/up/...` and
 * subscribes only to `cloudbox/{its id}/down/...`. Wildcards are fine below its own prefix.
 */
export function mayPublish(boxId: string, topic: string): boolean {
  return topic.startsWith(`${TOPIC_ROOT}/${boxId}/up/`) && !topic.includes('+') && !topic.includes('#');
}

export function maySubscribe(boxId: string, topic: string): boolean {
  return topic.startsWith(`${TOPIC_ROOT}/${boxId}/down/`);
}

export const BOX_ID = /^\d{1,32}$/;
