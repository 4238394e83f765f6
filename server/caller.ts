/** Who is calling: the signed-in user as every access decision sees them (resolved per request by the session check). */
export interface AuthUser {
  id: string;
  userName: string;
  /** Highest role type of the user's roles: 1 learner, 2 administrator. */
  roleType: number;
  roleIds: string[];
  roleCodes: string[];
  roleNames: string[];
  permissions: string[];
  tokenHash: string;
  /** The session must change its password before anything else (PASSWORD_CHANGE_REQUIRED). */
  passChangeRequired: boolean;
}
