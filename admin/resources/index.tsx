import type { ComponentType, ReactElement } from 'react';
import type { DataProvider } from 'react-admin';
import { SiteConfigPage } from './config';
import departs from './departs';
import menus from './menus';
import messages from './messages';
import { resourceMessages as catalogue } from './i18n';
import notices from './notices';
import { dataProviderOverrides as overrides } from './overrides';
import roles from './roles';
import users from './users';

export interface ResourceDef {
  name: string;
  list?: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
  show?: ComponentType;
  icon?: ComponentType;
  recordRepresentation?: string | ((r: any) => string);
}

/** The back-office resources; names are the API path segments (resource R → /api/R/...). */
export const resources: ResourceDef[] = [
  { name: 'sys/user', ...users },
  { name: 'sys/depart', ...departs },
  { name: 'sys/role', ...roles },
  { name: 'sys/menu', ...menus },
  { name: 'sys/notice', ...notices },
  { name: 'sys/msg', ...messages },
];

export const customRoutes: Array<{ path: string; element: ReactElement }> = [{ path: '/sys/config', element: <SiteConfigPage /> }];

export const resourceMessages: { zh: Record<string, unknown>; en: Record<string, unknown> } = catalogue;

export const dataProviderOverrides: Record<string, Partial<DataProvider>> = overrides;

