export { SiteConfigPage } from './SiteConfigPage';
