export {
  ApiError,
  HttpMessage,
  NO_ENVELOPE,
  call,
  download,
  fileNameFromDisposition,
  post,
  saveBlob,
  setSessionInvalidHandler,
  setPassChangeHandler,
  upload,
  type CallArgs,
  type PostOptions,
  type UploadOptions,
} from './client';
export {
  notify,
  dismissNotify,
  subscribeNotify,
  subscribeDismiss,
  subscribeUploading,
  isUploading,
  beginUploading,
  endUploading,
  type Notification,
  type NotifyType,
} from './notify';
export { getToken, setToken, removeToken } from './token';
