import { describe, expect, it } from 'vitest';
import { getToken, removeToken, setToken } from './token';

describe('token cookie', () => {
  it('is absent at first', () => {
    expect(getToken()).toBeUndefined();
  });

  it('is kept in the cookie named token and read back', () => {
    setToken('t0k3n');
    expect(getToken()).toBe('t0k3n');
    expect(document.cookie.split('; ')).toContain('token=t0k3n');
  });

  it('is removed', () => {
    setToken('t0k3n');
    removeToken();
    expect(getToken()).toBeUndefined();
    expect(document.cookie).not.toContain('token=');
  });

  it('is written at path / so both SPAs share it', () => {
    const writes: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => descriptor.get!.call(document),
      set: (v: string) => {
        writes.push(v);
        descriptor.set!.call(document, v);
      },
    });
    try {
      setToken('abc');
      removeToken();
    } finally {
      delete (document as { cookie?: string }).cookie;
    }
    expect(writes).toHaveLength(2);
    expect(writes[0]).toMatch(/^token=abc;/);
    expect(writes[0]).toMatch(/; path=\/(;|$)/);
    expect(writes[0]).toMatch(/; samesite=lax/i);
    expect(writes[1]).toMatch(/^token=;.*expires=/);
    expect(writes[1]).toContain('path=/');
  });
});
