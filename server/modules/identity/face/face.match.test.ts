import { describe, expect, it } from 'vitest';
import { fakeDescriptor, jitter } from '../../../../tests/api/face.helpers';
import { decodeDescriptor, encodeDescriptor, FACE_DESCRIPTOR_LENGTH, faceSimilarity, isDescriptor, matchFace } from './face.match';

describe('face.match', () => {
  const a = fakeDescriptor(1);
  const b = fakeDescriptor(2);

  it('accepts only FACE_DESCRIPTOR_LENGTH finite, bounded numbers, not all zero', () => {
    expect(isDescriptor(a)).toBe(true);
    expect(isDescriptor(a.slice(1))).toBe(false);
    expect(isDescriptor([...a, 0])).toBe(false);
    expect(isDescriptor(a.map((v, i) => (i === 7 ? Number.NaN : v)))).toBe(false);
    expect(isDescriptor(a.map((v, i) => (i === 7 ? Infinity : v)))).toBe(false);
    expect(isDescriptor(a.map((v, i) => (i === 7 ? 1e6 : v)))).toBe(false);
    expect(isDescriptor(a.map((v, i) => (i === 7 ? '0.1' : v)))).toBe(false);
    expect(isDescriptor(new Array(FACE_DESCRIPTOR_LENGTH).fill(0))).toBe(false);
    expect(isDescriptor('a')).toBe(false);
    expect(isDescriptor(null)).toBe(false);
  });

  it('is human\'s similarity: identical 1, the same face again high, another face low, mismatched lengths 0', () => {
    expect(faceSimilarity(a, a)).toBe(1);
    expect(faceSimilarity(a, jitter(a, 9))).toBeGreaterThan(0.9);
    expect(faceSimilarity(a, b)).toBeLessThan(0.4);
    expect(faceSimilarity(a, b)).toBe(faceSimilarity(b, a));
    expect(faceSimilarity(a, a.slice(1))).toBe(0);
    // human's formula by hand: every value 0.3 apart — distance 25·Σd² = 25·1024·0.09 = 2304, √ = 48 → (1 − 0.48 − 0.2) / 0.6.
    const zero = new Array(FACE_DESCRIPTOR_LENGTH).fill(0);
    expect(faceSimilarity(zero, zero.map(() => 0.3))).toBe(0.53);
  });

  it('1:1 — matches at or above the threshold only', () => {
    const probe = jitter(a, 5);
    const s = faceSimilarity(probe, a);
    expect(matchFace(probe, [{ key: 'u1', descriptor: a }], s).key).toBe('u1');
    expect(matchFace(probe, [{ key: 'u1', descriptor: a }], s + 0.01).key).toBeNull();
    expect(matchFace(b, [{ key: 'u1', descriptor: a }], 0.6)).toEqual({ key: null, similarity: faceSimilarity(a, b), rivals: 0 });
    expect(matchFace(a, [], 0.6)).toEqual({ key: null, similarity: 0, rivals: 0 });
  });

  it('1:N — the most similar enrolment wins, and rivals over the threshold are counted', () => {
    const people = Array.from({ length: 50 }, (_, i) => ({ key: `u${i}`, descriptor: fakeDescriptor(100 + i) }));
    const verdict = matchFace(jitter(people[37].descriptor, 3), people, 0.6);
    expect(verdict.key).toBe('u37');
    expect(verdict.rivals).toBe(0);
    // A twin enrolled twice: the face matches two accounts.
    const twins = [...people, { key: 'twin', descriptor: jitter(people[37].descriptor, 4, 0.01) }];
    expect(matchFace(people[37].descriptor, twins, 0.6).rivals).toBe(1);
    expect(matchFace(fakeDescriptor(999), people, 0.6).key).toBeNull();
  });

  it('stores descriptors as Float32 base64 and reads them back', () => {
    const text = encodeDescriptor(a);
    expect(text).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const back = decodeDescriptor(text);
    expect(back).toHaveLength(FACE_DESCRIPTOR_LENGTH);
    expect(faceSimilarity(a, back)).toBe(1);
    expect(Math.abs(back[10] - a[10])).toBeLessThan(1e-6);
  });
});
