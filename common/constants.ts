/** Business constants and limits of spec section 9, shared by both SPAs. */

/** Default request timeout (ms). */
export const REQUEST_TIMEOUT = 60000;
/** Upload and download timeout (ms): 20 minutes. */
export const TRANSFER_TIMEOUT = 1200000;
/** Unread-message poll interval (ms). */
export const MSG_POLL_MS = 20000;
/** The unread badge shows at most this number (then "99+"). */
export const UNREAD_MAX = 99;
/** Below this page width (px) the device is mobile and the sidebar closes. */
export const MOBILE_BREAKPOINT = 992;
export const SIDEBAR_WIDTH = 210;
export const HEADER_HEIGHT = 60;
/** Default theme colour. */
export const THEME_COLOR = '#1890ff';
/** Id of the one site-settings record. */
export const SITE_CONFIG_ID = 1;
/** fuse.js options of the admin route search. */
export const ROUTE_SEARCH = {
  threshold: 0.4,
  keys: [
    { name: 'title', weight: 0.7 },
    { name: 'path', weight: 0.3 },
  ],
};
/** How long an error message from the server stays on screen (ms). */
export const MESSAGE_DURATION = 5000;
/** Name of the cookie that keeps the session token (path /, shared by both SPAs). */
export const TOKEN_COOKIE = 'token';
