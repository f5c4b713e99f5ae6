import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MqttConfig } from '../config.js';
import { errorResponses } from '../http/envelope.js';
import { ApiError } from '../http/errors.js';
import { createCredentialCheck, identityOf, mayUseTopic, sameText, type TopicAction } from './credentials.js';
import type { BrokerHandlers } from './types.js';

/**
 * What an external broker asks the server (MQTT_URL with MQTT_HOOK_KEY): whether a user name and
 * password may connect, and whether a user may publish or subscribe to a topic. The answers are
 * the embedded broker's: boxes by id and secret, each to its own topics; the server's own
 * credential to every topic. Refusals are counted in the same metrics.
 */
export function createBrokerHook(
  mqtt: Pick<MqttConfig, 'username' | 'password'>,
  handlers: Pick<BrokerHandlers, 'authenticateBox' | 'unregistered' | 'refused'>,
) {
  const checkCredential = createCredentialCheck(mqtt, handlers);
  return {
    async authenticate(username: string, password: string | undefined, sourceIp: string | null): Promise<{ allow: boolean; superuser: boolean }> {
      const identity = await checkCredential(username, password === undefined ? undefined : Buffer.from(password), sourceIp);
      return { allow: identity !== undefined, superuser: identity?.kind === 'server' };
    },

    /** Every one of the actions must be allowed (mosquitto-go-auth's "readwrite" asks for both). */
    authorize(username: string, actions: readonly TopicAction[], topic: string): boolean {
      const identity = identityOf(mqtt, username);
      const allowed = identity !== undefined && actions.every((action) => mayUseTopic(identity, action, topic));
      if (!allowed) handlers.refused('not_authorized', identity?.kind === 'box' ? identity.boxId : undefined, topic);
      return allowed;
    },

    superuser(username: string): boolean {
      return identityOf(mqtt, username)?.kind === 'server';
    },
  };
}

export type BrokerHook = ReturnType<typeof createBrokerHook>;

/**
 * Answers as both brokers read them, always HTTP 200: EMQX's HTTP authenticator and authorizer
 * read `result` (and `is_superuser`); mosquitto-go-auth's HTTP backend, in its `json` response
 * mode, reads `ok` and `error`. (A deny must be a 200 too: EMQX takes any other status as "no
 * opinion" and would then fall back to its no_match setting.)
 */
const answerSchema = z.object({
  result: z.enum(['allow', 'deny']),
  is_superuser: z.boolean(),
  ok: z.boolean(),
  error: z.string(),
});

function answer(allow: boolean, superuser = false): z.infer<typeof answerSchema> {
  return { result: allow ? 'allow' : 'deny', is_superuser: superuser, ok: allow, error: allow ? '' : 'denied' };
}

const text = (max: number) => z.string().max(max);

/** mosquitto-go-auth's `acc`: 1 read (receive), 2 write (publish), 3 both, 4 subscribe. */
const ACC_ACTIONS: Record<number, TopicAction[]> = { 1: ['subscribe'], 2: ['publish'], 3: ['subscribe', 'publish'], 4: ['subscribe'] };

const authenticateBody = z.object({ username: text(200), password: text(500).optional(), clientid: text(200).optional(), ip: text(100).optional() });

const authorizeBody = z
  .object({
    username: text(200),
    topic: text(1000).min(1),
    /** EMQX's `${action}`. */
    action: z.enum(['publish', 'subscribe']).optional(),
    /** mosquitto-go-auth's `acc`. */
    acc: z.coerce.number().int().min(1).max(4).optional(),
    clientid: text(200).optional(),
  })
  .refine((body) => body.action !== undefined || body.acc !== undefined, { message: 'action or acc is required', path: ['action'] });

const superuserBody = z.object({ username: text(200) });

/**
 * POST /api/v2/broker/{authenticate,authorize,superuser}: the external broker's HTTP hook, with
 * the key in the `x-broker-hook-key` header or the `key` query parameter (mosquitto-go-auth cannot
 * send headers). Registered only when MQTT_HOOK_KEY is set.
 */
export const brokerHookRoutes: FastifyPluginAsyncZod<{ hook: BrokerHook; key: string }> = async (app, { hook, key }) => {
  app.addHook('preHandler', async (request) => {
    const header = request.headers['x-broker-hook-key'];
    const given = typeof header === 'string' ? header : (request.query as { key?: string }).key;
    if (given === undefined || !sameText(Buffer.from(given), key)) throw ApiError.rejected('brokerHookKey', undefined, 401);
  });
  const common = {
    tags: ['broker'],
    querystring: z.object({ key: z.string().max(200).optional() }),
    response: { 200: answerSchema, ...errorResponses(400, 401) },
  };

  app.post(
    '/broker/authenticate',
    {
      schema: {
        ...common,
        summary:
          "An external broker asks whether a user name and password may connect: a box's id and secret, or the server's own credential (then is_superuser)",
        body: authenticateBody,
      },
    },
    async (request) => {
      const { allow, superuser } = await hook.authenticate(request.body.username, request.body.password, request.body.ip ?? null);
      return answer(allow, superuser);
    },
  );

  app.post(
    '/broker/authorize',
    {
      schema: {
        ...common,
        summary: 'An external broker asks whether a user may publish or subscribe to a topic: a box only under its own id',
        body: authorizeBody,
      },
    },
    async (request) => {
      const { username, action, acc, topic } = request.body;
      return answer(hook.authorize(username, action ? [action] : ACC_ACTIONS[acc!]!, topic));
    },
  );

  app.post(
    '/broker/superuser',
    { schema: { ...common, summary: 'mosquitto-go-auth asks whether a user may use every topic: only the server’s own credential', body: superuserBody } },
    async (request) => {
      const superuser = hook.superuser(request.body.username);
      return answer(superuser, superuser);
    },
  );
};
