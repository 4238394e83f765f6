export { Notifier } from './Notifier';
export { UploadOverlay } from './UploadOverlay';
