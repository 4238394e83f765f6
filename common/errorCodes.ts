/**
 * Every envelope code the server answers, in one table. Code by name, never by literal.
 * 0 is success; 10010002 is the spec's "session invalid"; the rest are ours.
 */
export const ErrorCode = {
  OK: 0,
  /** Generic business failure: the message says what went wrong. */
  FAIL: 1,
  /** Body failed its schema (HTTP 400). */
  BAD_REQUEST: 10010001,
  /** Token missing, unknown, expired or revoked (spec section 8). */
  SESSION_INVALID: 10010002,
  /** Signed in, but the caller lacks the permission tag or the role type. */
  FORBIDDEN: 10010003,
  /** The record asked for does not exist (or is not the caller's to see). */
  NOT_FOUND: 10010004,
  /** Too many attempts; try again later. */
  RATE_LIMITED: 10010005,
  /** Wrong user name or password. */
  BAD_CREDENTIALS: 10010006,
  /** The account is disabled (user state 1). */
  USER_DISABLED: 10010007,
  /** The account awaits review (user state 2). */
  USER_PENDING: 10010008,
  /** A value that must be unique is already taken. */
  DUPLICATE: 10010009,
  /** Registration is switched off in site settings. */
  REGISTER_CLOSED: 10010010,
  /** This way in (or reset channel) is switched off in site settings, or not configured. */
  SIGNIN_METHOD_OFF: 10010011,
  /** The SMS or e-mail code is wrong, used, expired or checked too often. */
  CODE_INVALID: 10010012,
  /** A picture captcha is needed before another code is sent. */
  CAPTCHA_REQUIRED: 10010013,
  /** The picture captcha was wrong or expired (a new one is needed). */
  CAPTCHA_INVALID: 10010014,
  /** A code was sent to this target less than a minute ago. */
  CODE_TOO_SOON: 10010015,
  /** This target or address has used up its codes for now. */
  CODE_BUDGET_SPENT: 10010016,
  /** The SMS or mail provider refused or failed to send; the message says why. */
  SEND_FAILED: 10010017,
  /** The mobile number is already bound to another account. */
  MOBILE_TAKEN: 10010018,
  /**
   * The session must change its password before anything else (an administrator asked for it, or
   * the account was imported with an initial password): only /update-pass and /logout answer.
   */
  PASSWORD_CHANGE_REQUIRED: 10010020,
  /** Single sign-on (OIDC or LDAP) is not switched on in site settings. */
  SSO_DISABLED: 10010030,
  /** The OIDC sign-in is unknown, expired or already used (state). */
  SSO_FLOW_INVALID: 10010031,
  /** The identity provider refused or could not be reached, or its answer failed validation. */
  SSO_PROVIDER_FAILED: 10010032,
  /** No local account for this identity and the provider is link-only. */
  SSO_NO_ACCOUNT: 10010033,
  /** The identity lacks the claim or attribute that becomes the user name, or it is not a valid one. */
  SSO_BAD_IDENTITY: 10010034,
  /** Single sign-on settings are incomplete or invalid. */
  SSO_CONFIG_INVALID: 10010035,
  /** The face did not match (the named user's enrolment, or any enrolled user's). */
  FACE_MISMATCH: 10010040,
  /** The capture's liveness score is below the site's threshold (a photo or screen held up). */
  FACE_NOT_LIVE: 10010041,
  /** The face descriptor is not one our model computes (length, numbers). */
  FACE_INVALID: 10010042,
  /** Face sign-in without a user name is not possible here (ambiguous, or too many enrolled): give the user name. */
  FACE_NAME_NEEDED: 10010043,
  /** The user has no face enrolment. */
  FACE_NOT_ENROLLED: 10010044,
  /** Another exam of the caller is in progress (one open paper at a time). */
  EXAM_IN_PROGRESS: 20010002,
  /** Unknown route under /api. */
  API_NOT_FOUND: 10010404,
  /** Unexpected server error; details stay in the log. */
  INTERNAL: 10010500,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;
export type ErrorCodeValue = (typeof ErrorCode)[ErrorCodeName];

/** The envelope every /api call answers with. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/** Paging request and response shapes (DESIGN.md "API conventions"). */
export interface PageOrder {
  column: string;
  asc: boolean;
}
export interface PageRequest<P = Record<string, unknown>> {
  current: number;
  size: number;
  params?: P;
  orders?: PageOrder[];
}
export interface Page<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
  pages: number;
}
/** Largest page the server hands out, whatever the client asks. */
export const MAX_PAGE_SIZE = 200;
