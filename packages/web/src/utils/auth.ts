import { TOKEN_COOKIE } from '@cloudbox/domain';
import Cookies from 'js-cookie';

/** The session token lives in the `Admin-Token` cookie (SPEC.md section 9), which the server also sets. */
export function getToken(): string | undefined {
  return Cookies.get(TOKEN_COOKIE) || undefined;
}

/** Expires with the session, like the cookie the server sets, so the session outlives the tab. */
export function setToken(token: string, expiresAt: string): void {
  const expires = new Date(expiresAt);
  Cookies.set(TOKEN_COOKIE, token, { sameSite: 'lax', path: '/', ...(Number.isNaN(expires.getTime()) ? {} : { expires }) });
}

export function removeToken(): void {
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
}
