import { afterEach, describe, expect, it } from 'vitest';
import { scopedStorage, sessionScope } from './storage';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('namespaced storage', () => {
  it('keeps JSON values under examhall:<scope>:', () => {
    const journal = scopedStorage('journal');
    journal.set('paper-1', { q1: ['A'], seq: 3 });
    expect(localStorage.getItem('examhall:journal:paper-1')).toBe('{"q1":["A"],"seq":3}');
    expect(journal.get('paper-1')).toEqual({ q1: ['A'], seq: 3 });
    expect(journal.names()).toEqual(['paper-1']);
    journal.remove('paper-1');
    expect(journal.get('paper-1')).toBeUndefined();
  });

  it('answers undefined for what it cannot read', () => {
    localStorage.setItem('examhall:x:broken', '{nope');
    expect(scopedStorage('x').get('broken')).toBeUndefined();
    expect(scopedStorage('x').get('missing')).toBeUndefined();
  });

  it('ending a session removes only the session keys: journals, flashes and foreign keys stay', () => {
    localStorage.setItem('other-app', 'keep');
    scopedStorage('journal').set('paper-1', { q1: 'B' });
    sessionStorage.setItem('examhall:flash', '{"message":"x"}');
    sessionScope.local.set('a', 1);
    sessionScope.local.set('b', 2);
    sessionScope.tab.set('c', 3);

    sessionScope.clear();

    expect(sessionScope.local.names()).toEqual([]);
    expect(sessionScope.tab.names()).toEqual([]);
    expect(localStorage.getItem('other-app')).toBe('keep');
    expect(scopedStorage('journal').get('paper-1')).toEqual({ q1: 'B' });
    expect(sessionStorage.getItem('examhall:flash')).toBe('{"message":"x"}');
  });
});
