import { describe, expect, it } from 'vitest';
import * as C from './constants';

describe('constants of spec section 9', () => {
  it('have the spec values', () => {
    expect(C).toMatchObject({
      REQUEST_TIMEOUT: 60000,
      TRANSFER_TIMEOUT: 1200000,
      MSG_POLL_MS: 20000,
      UNREAD_MAX: 99,
      MOBILE_BREAKPOINT: 992,
      SIDEBAR_WIDTH: 210,
      HEADER_HEIGHT: 60,
      THEME_COLOR: '#1890ff',
      SITE_CONFIG_ID: 1,
      MESSAGE_DURATION: 5000,
      TOKEN_COOKIE: 'token',
      ROUTE_SEARCH: { threshold: 0.4, keys: [{ name: 'title', weight: 0.7 }, { name: 'path', weight: 0.3 }] },
    });
  });
});
