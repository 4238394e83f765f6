import type {
  LoginBody,
  ProfileUpdateBody,
  RegisterBody,
  RegisterResult,
  TokenResult,
  UpdatePassBody,
  UserInfo,
} from '../api';
import { post } from '../http';

/** Sign in; a failure shows its message (wrong password, disabled, rate limited…). */
export function login(body: LoginBody): Promise<TokenResult> {
  return post<TokenResult>('/api/sys/user/login', body, { silent: false });
}

/** Learner self-registration; `pending` answers carry no token. */
export function register(body: RegisterBody): Promise<RegisterResult> {
  return post<RegisterResult>('/api/sys/user/reg', body);
}

/**
 * The signed-in user. Not silent: a failure already shows its error text (spec section 8), so the
 * shell only clears the token and goes to /login.
 */
export function fetchUserInfo(): Promise<UserInfo> {
  return post<UserInfo>('/api/sys/user/info');
}

/** Revoke the session on the server. Never throws: the local sign-out goes ahead whatever happens. */
export async function logout(): Promise<void> {
  try {
    await post<null>('/api/sys/user/logout', {}, { silent: true, ignoreSessionInvalid: true });
  } catch {
    // The session is gone or the server unreachable: either way the caller clears the local token.
  }
}

/** Update my own profile; answers the refreshed user. */
export function updateProfile(body: ProfileUpdateBody): Promise<UserInfo> {
  return post<UserInfo>('/api/sys/user/update', body);
}

/** Change my password (the server signs out my other sessions). */
export function updatePassword(body: UpdatePassBody): Promise<null> {
  return post<null>('/api/sys/user/update-pass', body);
}
