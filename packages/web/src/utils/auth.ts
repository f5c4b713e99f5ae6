import { TOKEN_COOKIE } from '@cloudbox/domain';
import Cookies from 'js-cookie';

/** The session token lives in the `Admin-Token` cookie (SPEC.md section 9), which the server also sets. */
export function getToken(): string | undefined {
  return Cookies.get(TOKEN_COOKIE) || undefined;
}

export function setToken(token: string): void {
  Cookies.set(TOKEN_COOKIE, token, { sameSite: 'lax' });
}

export function removeToken(): void {
  Cookies.remove(TOKEN_COOKIE);
}
