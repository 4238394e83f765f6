import type { App } from '../types';
import authRoutes from './auth/auth.routes';
import configRoutes from './config/config.routes';

/** Every module's routes, registered in order by app.ts. Add a module by adding its routes here. */
export const modules: Array<(app: App) => Promise<void>> = [authRoutes, configRoutes];
