import { authApi, type LoginBody, type ProfileUpdateBody, type RegisterBody, type UpdatePassBody } from '../api';
import { call } from '../http';

/** Sign in; a failure shows its message (wrong password, disabled, rate limited…). */
export const login = (body: LoginBody) => call(authApi.login, body);

/** Learner self-registration; `pending` answers carry no token. */
export const register = (body: RegisterBody) => call(authApi.reg, body);

/**
 * The signed-in user. Not silent: a failure already shows its error text (spec section 8), so the
 * shell only clears the token and goes to /login.
 */
export const fetchUserInfo = () => call(authApi.info);

/** Revoke the session on the server. Never throws: the local sign-out goes ahead whatever happens. */
export async function logout(): Promise<void> {
  try {
    await call(authApi.logout, {}, { silent: true, ignoreSessionInvalid: true });
  } catch {
    // The session is gone or the server unreachable: either way the caller clears the local token.
  }
}

/** Update my own profile; answers the refreshed user. */
export const updateProfile = (body: ProfileUpdateBody) => call(authApi.update, body);

/** Change my password (the server signs out my other sessions). */
export const updatePassword = (body: UpdatePassBody) => call(authApi.updatePass, body);
