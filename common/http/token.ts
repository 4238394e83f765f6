import Cookies from 'js-cookie';
import { TOKEN_COOKIE } from '../constants';

/** The token cookie is shared by both SPAs, so it lives at path /. */
const COOKIE_OPTIONS: Cookies.CookieAttributes = { path: '/', sameSite: 'Lax' };

export function getToken(): string | undefined {
  return Cookies.get(TOKEN_COOKIE) || undefined;
}

export function setToken(token: string): void {
  Cookies.set(TOKEN_COOKIE, token, COOKIE_OPTIONS);
}

export function removeToken(): void {
  Cookies.remove(TOKEN_COOKIE, COOKIE_OPTIONS);
}
