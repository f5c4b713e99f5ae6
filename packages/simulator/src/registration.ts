import type { BoxView, BoxWithSecret, Envelope, LoginResult, RegisterBoxInput } from '@cloudbox/domain';
import type { BoxOptions } from './options.js';

/**
 * Where the simulator registers its boxes when it has no credentials file: clear of the demo boxes
 * (860100001 on) that `npm start` registers.
 */
export const FIRST_SIMULATED_BOX_ID = '870000001';

/** Station 1 runs the device types in turn; every third box has a PLC beside its blower. */
const MACHINES = ['maglev_blower', 'air_compressor', 'generic_plc'] as const;

/** Registrations in flight at once: quick for a few hundred boxes, gentle on the server. */
const CONCURRENCY = 8;

export interface Registration {
  /** The server's HTTP address, e.g. http://127.0.0.1:8080. */
  api: string;
  /** An account that may register boxes in `ck` (root, or limited_admin of that CK). */
  username: string;
  password: string;
  ck: string;
  firstId: string;
  count: number;
}

export type Registered = { ok: true; boxes: BoxOptions[]; brokerUrl: string | undefined } | { ok: false; message: string };

/**
 * Obtains `count` boxes from the server's HTTP API: each id from `firstId` on is registered
 * (POST /api/v2/boxes), or, when it already is (a previous run), issued a new secret
 * (POST /api/v2/boxes/:id/secret), which ends that box's old connection. Also answers the broker
 * the server reports (GET /api/v2/metrics, root only), so that the boxes find the embedded broker
 * when it had to move off its port.
 */
export async function registerBoxes(registration: Registration): Promise<Registered> {
  const api = registration.api.replace(/\/+$/, '');
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown, token?: string) => {
    const response = await fetch(`${api}/api/v2${path}`, {
      method,
      headers: {
        'accept-language': 'en',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const envelope = (await response.json().catch(() => ({ message: `HTTP ${response.status}` }))) as Envelope<T>;
    return { status: response.status, envelope };
  };

  try {
    const login = await call<LoginResult>('POST', '/user/login', { username: registration.username, password: registration.password });
    if (login.status !== 200) {
      return {
        ok: false,
        message: `the API at ${api} refused to sign in ${registration.username} (${login.envelope.message}). Give --user and --password of root or of a limited_admin of CK ${registration.ck}.`,
      };
    }
    const token = login.envelope.data.token;

    const ids = Array.from({ length: registration.count }, (_, index) => String(BigInt(registration.firstId) + BigInt(index)));
    const boxes: BoxOptions[] = new Array(ids.length);
    let refusal: string | undefined;
    let next = 0;
    const worker = async () => {
      while (refusal === undefined && next < ids.length) {
        const index = next++;
        const id = ids[index]!;
        let answer = await call<BoxWithSecret>('POST', '/boxes', boxToRegister(id, index, registration.ck), token);
        // Registered by an earlier run: a new secret, since only its hash is kept.
        if (answer.status === 409) answer = await call<BoxWithSecret>('POST', `/boxes/${id}/secret`, undefined, token);
        if (answer.status !== 200) {
          refusal = `the API at ${api} refused box ${id} (HTTP ${answer.status}: ${answer.envelope.message})`;
          return;
        }
        boxes[index] = simulated(answer.envelope.data.box, answer.envelope.data.secret);
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, ids.length) }, worker));
    if (refusal !== undefined) return { ok: false, message: refusal };

    const metrics = await call<{ broker: { mode: string; tcpPort?: number; url?: string } }>('GET', '/metrics', undefined, token);
    return { ok: true, boxes, brokerUrl: metrics.status === 200 ? brokerOf(api, metrics.envelope.data.broker) : undefined };
  } catch (error) {
    const cause = (error as Error & { cause?: Error }).cause?.message ?? (error as Error).message;
    return {
      ok: false,
      message: `cannot reach the Cloudbox API at ${api} (${cause}). Start the server (npm start), point --api at it, or give --credentials FILE.`,
    };
  }
}

function boxToRegister(id: string, index: number, ck: string): RegisterBoxInput {
  const controllers: RegisterBoxInput['controllers'] = [{ station: 1, device_type: MACHINES[index % MACHINES.length]! }];
  if (index % MACHINES.length === 0) controllers.push({ station: 2, device_type: 'generic_plc' });
  return { id, ck, model: 'CB-4G', software: 'CB-OS 2.4.1', remark: 'simulated (npm run simulate)', controllers };
}

/** A registered box as the simulator runs it: the server's controllers, whatever an earlier run or a person made of them. */
function simulated(box: BoxView, secret: string): BoxOptions {
  return { id: box.id, secret, controllers: box.controllers.map((controller) => ({ station: controller.station, deviceType: controller.device_type })) };
}

function brokerOf(api: string, broker: { mode: string; tcpPort?: number; url?: string }): string | undefined {
  if (broker.mode === 'external') return broker.url;
  return broker.tcpPort === undefined ? undefined : `mqtt://${new URL(api).hostname}:${broker.tcpPort}`;
}
