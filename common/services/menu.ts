import { menuApi } from '../api/menu';
import { call } from '../http';

/** The caller's admin routes. Not silent: a failed load already shows its error text (spec section 8). */
export const fetchAdminRoutes = () => call(menuApi.routes);
