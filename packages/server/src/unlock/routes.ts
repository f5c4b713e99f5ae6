import { boxIdParamSchema } from '@cloudbox/domain';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/index.js';
import { boxes } from '../db/schema.js';
import { ok } from '../http/envelope.js';
import { ApiError } from '../http/errors.js';
import { answers, signedInDocs } from '../http/route-docs.js';
import { requireRoles, signedIn, type Guard } from '../modules/auth/guard.js';
import { boxUnlockKeys } from './secrets.js';

const doc = signedInDocs('dynamic-passwords');

/** A box's unlock key, as its controllers are provisioned with it. */
export const boxUnlockKeySchema = z.object({ box_id: z.string(), ck: z.string(), unlock_key: z.string() });

/**
 * GET /boxes/:boxId/unlock-key (root): the key a box's controllers check dynamic passwords with,
 * for the factory that provisions them (ARCHITECTURE-services.md, "Dynamic passwords: the scheme").
 * Every read is logged with who and from where.
 */
export const unlockKeyRoutes: FastifyPluginAsyncZod<{ db: Db; guard: Guard }> = async (app, { db, guard }) => {
  app.get(
    '/boxes/:boxId/unlock-key',
    {
      preHandler: [guard.authenticate, requireRoles('root')],
      schema: {
        ...doc("A box's unlock key (hex), derived from its company's secret, to provision its controllers with (root only)"),
        params: z.object({ boxId: boxIdParamSchema }),
        response: answers(boxUnlockKeySchema, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const [box] = await db.select({ id: boxes.id, ck: boxes.ck }).from(boxes).where(eq(boxes.id, request.params.boxId));
      const key = box && (await boxUnlockKeys(db, [box])).get(box.id);
      if (!box || !key) throw ApiError.notFound('boxNotFound');
      request.log.info({ boxId: box.id, user: signedIn(request).user.username, ip: request.ip }, 'unlock key read for provisioning');
      return ok(request, { box_id: box.id, ck: box.ck, unlock_key: key });
    },
  );
};
