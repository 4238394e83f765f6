import { describe, expect, it } from 'vitest';
import {
  Msg,
  directoryRule,
  isMobile,
  isStrongPassword,
  mobileRule,
  optionalMobileRule,
  passwordRule,
  timeRangeRule,
  urlRule,
  urlWithSlashRule,
} from './validators';

describe('messages of spec section 5', () => {
  it('are exactly the spec text', () => {
    expect(Msg).toEqual({
      mobile: '手机号码格式不正确!',
      mobileEmpty: '手机号码不能为空！',
      password: '密码至少6位，且必须同时包含字母和数字！',
      passwordEmpty: '密码不能为空！',
      urlEmpty: 'URL不能为空！',
      url: 'URL格式不正确，必须是以http或https开头的域名地址！',
      urlSlash: 'URL格式不正确，必须是以http或https开头并以/结尾的域名地址！',
      directoryEmpty: '目录不能为空！',
      directory: '目录格式不正确，必须以/或盘符开头并以/结尾！',
      timeRange: '时间段不能为空！',
    });
  });
});

describe('mobile', () => {
  const good = ['13012345678', '13912345678', '14012345678', '14512345678', '15012345678', '15912345678', '16212345678',
    '16712345678', '17012345678', '17812345678', '18012345678', '18912345678', '19012345678', '19912345678'];
  const bad = ['1301234567', '130123456789', '12012345678', '10012345678', '14212345678', '14312345678', '15412345678',
    '16012345678', '16812345678', '17912345678', '19412345678', '23012345678', '1301234567a', ' 13012345678', '+8613012345678'];

  it.each(good)('%s is a mobile number', (v) => {
    expect(isMobile(v)).toBe(true);
    expect(mobileRule(v)).toBeUndefined();
    expect(optionalMobileRule(v)).toBeUndefined();
  });

  it.each(bad)('%s is not', (v) => {
    expect(isMobile(v)).toBe(false);
    expect(mobileRule(v)).toBe('手机号码格式不正确!');
    expect(optionalMobileRule(v)).toBe('手机号码格式不正确!');
  });

  it('empty: required says so, optional accepts it', () => {
    expect(mobileRule('')).toBe('手机号码不能为空！');
    expect(optionalMobileRule('')).toBeUndefined();
  });
});

describe('password', () => {
  it.each(['abc123', 'A1b2c3d4', '1a1a1a', 'pass word 1', 'Admin1234'])('%s is strong enough', (v) => {
    expect(isStrongPassword(v)).toBe(true);
    expect(passwordRule(v)).toBeUndefined();
  });
  it.each(['ab12', 'abc12', 'abcdefg', '1234567', '!!!!!!', '中文中文中文'])('%s is refused', (v) => {
    expect(isStrongPassword(v)).toBe(false);
    expect(passwordRule(v)).toBe('密码至少6位，且必须同时包含字母和数字！');
  });
  it('empty', () => {
    expect(passwordRule('')).toBe('密码不能为空！');
  });
});

describe('url', () => {
  it.each(['http://example.com', 'https://a.b.example.cn/', 'http://192.168.1.10:8080/path?q=1', 'http://localhost:3000',
    'https://my-site.example.org/x/y'])('%s is accepted', (v) => {
    expect(urlRule(v)).toBeUndefined();
  });
  it.each(['ftp://example.com', 'example.com', 'http://', 'http://example', 'https://-bad.com', 'http://exa mple.com', 'http://example.com:123456'])(
    '%s is refused',
    (v) => {
      expect(urlRule(v)).toBe('URL格式不正确，必须是以http或https开头的域名地址！');
    },
  );
  it('empty', () => {
    expect(urlRule('')).toBe('URL不能为空！');
    expect(urlWithSlashRule('')).toBe('URL不能为空！');
  });
  it('the second rule also needs the trailing slash', () => {
    expect(urlWithSlashRule('https://cdn.example.com/files/')).toBeUndefined();
    expect(urlWithSlashRule('http://127.0.0.1:9000/')).toBeUndefined();
    expect(urlWithSlashRule('https://cdn.example.com/files')).toBe('URL格式不正确，必须是以http或https开头并以/结尾的域名地址！');
    expect(urlWithSlashRule('cdn.example.com/')).toBe('URL格式不正确，必须是以http或https开头并以/结尾的域名地址！');
  });
});

describe('directory', () => {
  it.each(['/', '/data/upload/', 'D:/files/', 'c:\\files\\', 'C:/'])('%s is accepted', (v) => {
    expect(directoryRule(v)).toBeUndefined();
  });
  it.each(['data/', '/data/upload', 'D:files/', '/da ta/', 'DD:/x/', '~/x/'])('%s is refused', (v) => {
    expect(directoryRule(v)).toBe('目录格式不正确，必须以/或盘符开头并以/结尾！');
  });
  it('empty', () => {
    expect(directoryRule('')).toBe('目录不能为空！');
  });
});

describe('time range', () => {
  it('needs two non-empty values', () => {
    expect(timeRangeRule([1, 2])).toBeUndefined();
    expect(timeRangeRule(['2024-01-01', '2024-02-01'])).toBeUndefined();
    expect(timeRangeRule([0, 0])).toBeUndefined();
    for (const v of [null, undefined, [], [1], [1, 2, 3], [1, null], [undefined, 2], ['', '2024-01-01']]) {
      expect(timeRangeRule(v)).toBe('时间段不能为空！');
    }
  });
});
