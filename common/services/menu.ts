import type { RouteEntry } from '../api';
import { post } from '../http';

/** The caller's admin routes. Not silent: a failed load already shows its error text (spec section 8). */
export function fetchAdminRoutes(): Promise<RouteEntry[]> {
  return post<RouteEntry[]>('/api/sys/menu/routes');
}
