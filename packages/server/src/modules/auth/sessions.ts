import { createHash, randomBytes } from 'node:crypto';
import type { LoginResult } from '@cloudbox/domain';
import { and, eq, isNull, lt, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/index.js';
import { ckCodes, sessions, users, type SessionRevokedReason, type SessionRow, type UserRow } from '../../db/schema.js';
import { ApiError } from '../../http/errors.js';

/** Who is calling, once their token has been checked. */
export interface AuthContext {
  user: UserRow;
  session: SessionRow;
}

export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
}

/** Writing last_seen_at on every request would turn every read into a write. */
const LAST_SEEN_RESOLUTION_MS = 60_000;
/** Ended sessions stay long enough for their browsers to be told why ("ended elsewhere", "expired"). */
const KEEP_ENDED_SESSIONS_MS = 30 * 24 * 3_600_000;
const MAX_USER_AGENT_LENGTH = 512;
/**
 * A checked session is reused this long without asking the database again (the device list under
 * load would otherwise spend a query per request on it). Ending sessions anywhere in this process
 * drops every reused one at once; another instance hears of it through the bus.
 */
const SESSION_REUSE_MS = 3000;
const SESSION_REUSE_ENTRIES = 10_000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type SessionService = ReturnType<typeof createSessionService>;

/**
 * Sessions are opaque random tokens (32 bytes, base64url) known only to the client; the database
 * keeps their SHA-256, when they expire, and whether and why they were ended.
 */
export function createSessionService(db: Db, ttlHours: number) {
  const reused = new Map<string, { at: number; endings: number; context: AuthContext }>();
  /** Counts the times sessions ended: a session checked before the last ending is checked again. */
  let endings = 0;
  const endingListeners = new Set<(userIds: readonly number[]) => void>();

  /**
   * Sessions of these users ended (logout, password change or reset, a deleted user): reused checks
   * are void. Called after the ending committed; `announce` tells the listeners (the realtime hub),
   * which close these users' sockets and tell the other instances (the bus).
   */
  function ended(userIds: readonly number[], options: { announce: boolean } = { announce: true }): void {
    forgetChecks();
    if (options.announce) for (const listener of endingListeners) listener(userIds);
  }

  /** Sessions may have ended anywhere (the bus missed messages): no check made before now is reused. */
  function forgetChecks(): void {
    endings += 1;
  }

  function reusable(hash: string, now: number): AuthContext | undefined {
    const entry = reused.get(hash);
    if (!entry || entry.endings !== endings || now - entry.at >= SESSION_REUSE_MS || entry.context.session.expiresAt.getTime() <= now) return undefined;
    return entry.context;
  }

  function keep(hash: string, context: AuthContext, checkedAt: number, endingsBefore: number): void {
    reused.delete(hash);
    reused.set(hash, { at: checkedAt, endings: endingsBefore, context });
    if (reused.size > SESSION_REUSE_ENTRIES) reused.delete(reused.keys().next().value!);
  }

  return {
    ended,
    forgetChecks,

    /** Hears every ending on this instance, with the users whose sessions ended. */
    onEnded(listener: (userIds: readonly number[]) => void): () => void {
      endingListeners.add(listener);
      return () => endingListeners.delete(listener);
    },

    async start(userId: number, client: ClientInfo): Promise<LoginResult> {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + ttlHours * 3_600_000);
      await db.insert(sessions).values({
        userId,
        tokenHash: hashToken(token),
        expiresAt,
        ip: client.ip,
        userAgent: client.userAgent?.slice(0, MAX_USER_AGENT_LENGTH),
      });
      return { token, expires_at: expiresAt.toISOString() };
    },

    /** The caller of a token, or a signed-out answer saying why there is none. */
    async authenticate(token: string | undefined): Promise<AuthContext> {
      if (!token) throw ApiError.signedOut('invalid');
      const hash = hashToken(token);
      const checkedAt = Date.now();
      const known = reusable(hash, checkedAt);
      if (known) return known;
      // An ending while this query runs must not be outlived by what it read.
      const endingsBefore = endings;
      const [found] = await db
        .select({ session: sessions, user: users, companyEnabled: ckCodes.enabled })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .leftJoin(ckCodes, eq(ckCodes.code, users.ck))
        .where(eq(sessions.tokenHash, hash))
        .limit(1);
      if (!found) throw ApiError.signedOut('invalid');
      // A disabled account's sessions were ended when it was disabled; a disabled company's end here, at once.
      if (found.session.revokedAt || !found.user.enabled || found.companyEnabled === false) throw ApiError.signedOut('endedElsewhere');
      const now = new Date();
      if (found.session.expiresAt <= now) throw ApiError.signedOut('expired');
      if (now.getTime() - found.session.lastSeenAt.getTime() >= LAST_SEEN_RESOLUTION_MS) {
        await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, found.session.id));
        found.session.lastSeenAt = now;
      }
      const context = { session: found.session, user: found.user };
      keep(hash, context, checkedAt, endingsBefore);
      return context;
    },

    /** Ends the session of a token if it is still active; a token that is not, changes nothing. */
    async endByToken(token: string, reason: SessionRevokedReason): Promise<void> {
      const endedOf = await db
        .update(sessions)
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)))
        .returning({ userId: sessions.userId });
      if (endedOf.length > 0) ended(endedOf.map((session) => session.userId));
    },

    async endAllOf(userId: number, reason: SessionRevokedReason, exceptSessionId?: number): Promise<void> {
      await endSessionsOf(db, userId, reason, exceptSessionId);
      ended([userId]);
    },

    /** Deletes sessions that expired or were ended long ago. */
    async prune(): Promise<void> {
      const cutoff = new Date(Date.now() - KEEP_ENDED_SESSIONS_MS);
      await db.delete(sessions).where(or(lt(sessions.expiresAt, cutoff), lt(sessions.revokedAt, cutoff)));
    },
  };
}

/**
 * Ends every active session of a user, except the one given (the caller's own). Takes the
 * executor so that a password change and the end of the sessions it invalidates commit together;
 * the caller tells the session service (`ended([userId])`) once that has committed.
 */
export async function endSessionsOf(executor: Db, userId: number, reason: SessionRevokedReason, exceptSessionId?: number): Promise<void> {
  await executor
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), exceptSessionId === undefined ? undefined : ne(sessions.id, exceptSessionId)));
}
