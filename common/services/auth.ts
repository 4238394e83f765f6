import { authApi } from '../api/user';
import { call, type PostOptions } from '../http';

/**
 * The signed-in user. Not silent by default: the admin shell relies on the http client showing
 * the error text (spec section 8); the learner app asks for it silently and shows the text on the
 * sign-in page instead.
 */
export const fetchUserInfo = (opts?: PostOptions) => call(authApi.info, {}, opts);

/**
 * Revoke the session on the server. Never throws: the local sign-out goes ahead whatever happens.
 * Answers the identity provider's end-session address to go to next ('' when there is none).
 */
export async function logout(): Promise<string> {
  try {
    const result = await call(authApi.logout, {}, { silent: true, ignoreSessionInvalid: true });
    return result?.endSessionUrl ?? '';
  } catch {
    // The session is gone or the server unreachable: either way the caller clears the local token.
    return '';
  }
}
