import { FACE_DESCRIPTOR_LENGTH } from '../../server/modules/identity/face/face.match';

/** A deterministic pseudo-random descriptor (values in ±0.5, the spread of real faceres output). */
export function fakeDescriptor(seed: number): number[] {
  let s = seed >>> 0 || 1;
  return Array.from({ length: FACE_DESCRIPTOR_LENGTH }, () => {
    s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0;
    return s / 0x1_0000_0000 - 0.5;
  });
}
/** The same face seen again: every value moved by at most ±`by`. */
export const jitter = (d: number[], seed: number, by = 0.05) => {
  const noise = fakeDescriptor(seed);
  return d.map((v, i) => v + noise[i] * 2 * by);
};
