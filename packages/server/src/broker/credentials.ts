import { timingSafeEqual } from 'node:crypto';
import type { MqttConfig } from '../config.js';
import { MemoryRateLimitStore, type RateLimitStore } from '../rate-limit.js';
import { BOX_ID, mayPublish, maySubscribe } from './acl.js';
import type { BrokerHandlers } from './types.js';

/** Who an MQTT user name stands for: the server's own credential (every topic) or a box. */
export type Identity = { kind: 'server' } | { kind: 'box'; boxId: string };

export type TopicAction = 'publish' | 'subscribe';

/** Refused connects from one source address within REFUSAL_WINDOW_MS before it is refused unheard. */
export const REFUSALS_PER_ADDRESS = 20;
export const REFUSAL_WINDOW_MS = 60_000;

type CredentialHandlers = Pick<BrokerHandlers, 'authenticateBox' | 'unregistered' | 'refused'>;

/**
 * Who a user name and password are, the same for the embedded broker and for an external one
 * asking through the hook: the server's own credential (MQTT_USERNAME/MQTT_PASSWORD) or a box
 * (its id and secret). Undefined when neither; the refusal is counted, and an unregistered id is
 * recorded. Rejects only when the database cannot be asked.
 *
 * A source address refused REFUSALS_PER_ADDRESS times within REFUSAL_WINDOW_MS is refused without
 * a question to the database and without recording the ids it tries (`rate_limited`) until the
 * window ends: someone trying made-up ids or secrets costs neither queries nor table rows. Counted
 * in memory, per instance. Boxes behind one carrier address share its limit, so the limit is far
 * above what a few misconfigured boxes reconnecting every few seconds reach.
 */
export function createCredentialCheck(
  mqtt: Pick<MqttConfig, 'username' | 'password'>,
  handlers: CredentialHandlers,
  refusals: RateLimitStore = new MemoryRateLimitStore(),
) {
  const refuse = async (reason: 'bad_credentials' | 'unknown_box', sourceIp: string | null, boxId?: string): Promise<undefined> => {
    handlers.refused(reason, boxId);
    if (sourceIp !== null) await refusals.hit(sourceIp, REFUSAL_WINDOW_MS);
    return undefined;
  };

  return async function checkCredential(username: string | undefined, password: Buffer | undefined, sourceIp: string | null): Promise<Identity | undefined> {
    if (sourceIp !== null && (await refusals.peek(sourceIp)).count >= REFUSALS_PER_ADDRESS) {
      handlers.refused('rate_limited');
      return undefined;
    }
    if (username !== undefined && mqtt.username !== undefined && mqtt.password !== undefined && username === mqtt.username) {
      if (password && sameText(password, mqtt.password)) return { kind: 'server' };
      return refuse('bad_credentials', sourceIp);
    }
    if (username === undefined || !BOX_ID.test(username) || !password) return refuse('bad_credentials', sourceIp);
    const outcome = await handlers.authenticateBox(username, password);
    if (outcome === 'ok') return { kind: 'box', boxId: username };
    if (outcome === 'unknown') handlers.unregistered(username, sourceIp);
    return refuse(outcome === 'unknown' ? 'unknown_box' : 'bad_credentials', sourceIp, username);
  };
}

/** The identity a broker names by user name once it has authenticated it; undefined for a name that is neither. */
export function identityOf(mqtt: Pick<MqttConfig, 'username'>, username: string): Identity | undefined {
  if (mqtt.username !== undefined && username === mqtt.username) return { kind: 'server' };
  return BOX_ID.test(username) ? { kind: 'box', boxId: username } : undefined;
}

/** The topic rules (DESIGN.md section 4): the server may use every topic, a box only its own. */
export function mayUseTopic(identity: Identity, action: TopicAction, topic: string): boolean {
  if (identity.kind === 'server') return true;
  return action === 'publish' ? mayPublish(identity.boxId, topic) : maySubscribe(identity.boxId, topic);
}

export function sameText(given: Buffer, expected: string): boolean {
  const wanted = Buffer.from(expected);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
