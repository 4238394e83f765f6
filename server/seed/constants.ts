import { randomBytes } from 'node:crypto';

/** Stable ids of what first start creates. */
export const SA_ROLE_ID = 'role_sa';
export const STUDENT_ROLE_ID = 'role_student';
export const ROOT_DEPT_ID = 'dept_root';
export const SITE_CONFIG_ID = '1';

/** A password that passes the spec's rule: letters and digits, 12 characters. */
export function generatePassword(): string {
  const raw = randomBytes(12).toString('base64').replace(/[^A-Za-z0-9]/g, '').slice(0, 10);
  return `${raw}a7`;
}
