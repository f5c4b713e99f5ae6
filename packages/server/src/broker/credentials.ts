import { timingSafeEqual } from 'node:crypto';
import type { MqttConfig } from '../config.js';
import { BOX_ID, mayPublish, maySubscribe } from './acl.js';
import type { BrokerHandlers } from './types.js';

/** Who an MQTT user name stands for: the server's own credential (every topic) or a box. */
export type Identity = { kind: 'server' } | { kind: 'box'; boxId: string };

export type TopicAction = 'publish' | 'subscribe';

/**
 * Who a user name and password are, the same for the embedded broker and for an external one
 * asking through the hook: the server's own credential (MQTT_USERNAME/MQTT_PASSWORD) or a box
 * (its id and secret). Undefined when neither; the refusal is counted, and an unregistered id is
 * recorded. Rejects only when the database cannot be asked.
 */
export async function checkCredential(
  mqtt: Pick<MqttConfig, 'username' | 'password'>,
  handlers: Pick<BrokerHandlers, 'authenticateBox' | 'unregistered' | 'refused'>,
  username: string | undefined,
  password: Buffer | undefined,
  sourceIp: string | null,
): Promise<Identity | undefined> {
  if (username !== undefined && mqtt.username !== undefined && mqtt.password !== undefined && username === mqtt.username) {
    if (password && sameText(password, mqtt.password)) return { kind: 'server' };
    handlers.refused('bad_credentials');
    return undefined;
  }
  if (username === undefined || !BOX_ID.test(username) || !password) {
    handlers.refused('bad_credentials');
    return undefined;
  }
  const outcome = await handlers.authenticateBox(username, password);
  if (outcome === 'ok') return { kind: 'box', boxId: username };
  if (outcome === 'unknown') handlers.unregistered(username, sourceIp);
  handlers.refused(outcome === 'unknown' ? 'unknown_box' : 'bad_credentials');
  return undefined;
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
