import type { SiteConfig } from '../api';
import { SITE_CONFIG_ID } from '../constants';
import { post } from '../http';

/** Public site settings (record id 1). Silent: the shells fall back to defaults when it fails. */
export function fetchSiteConfig(): Promise<SiteConfig> {
  return post<SiteConfig>('/api/sys/config/detail', { id: SITE_CONFIG_ID }, { silent: true });
}
