import { configApi } from '../api/config';
import { SITE_CONFIG_ID } from '../constants';
import { call } from '../http';

/** Public site settings (record id 1). Silent: the shells fall back to defaults when it fails. */
export const fetchSiteConfig = () => call(configApi.detail, { id: SITE_CONFIG_ID }, { silent: true });
