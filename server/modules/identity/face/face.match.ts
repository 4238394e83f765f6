/**
 * The one face comparison: sign-in here, and the identity checks before and during exams later.
 * Pure (no database, no clock): descriptors in, a verdict out.
 *
 * A descriptor is what @vladmandic/human's `faceres` model computes in the browser: 1024 numbers.
 * Similarity is human's own measure (its match.similarity with default options: Euclidean distance
 * scaled by 25, mapped onto 0..1 between 0.2 and 0.8, rounded to hundredths), so a number the
 * browser shows and a number the server decides on are the same number.
 */

/** The model that computes descriptors and its descriptor length; others do not compare. */
export { FACE_MODEL_NAME as FACE_MODEL } from '../../../../common/face';
export const FACE_DESCRIPTOR_LENGTH = 1024;
/** faceres values lie well within ±1; anything beyond this bound is no descriptor. */
const VALUE_BOUND = 16;

/** A descriptor as the browser sent it: exactly FACE_DESCRIPTOR_LENGTH finite, bounded numbers. */
export function isDescriptor(value: unknown): value is number[] {
  if (!Array.isArray(value) || value.length !== FACE_DESCRIPTOR_LENGTH) return false;
  let nonZero = false;
  for (const v of value) {
    if (typeof v !== 'number' || !Number.isFinite(v) || Math.abs(v) > VALUE_BOUND) return false;
    if (v !== 0) nonZero = true;
  }
  return nonZero;
}

/** Similarity of two descriptors, 0 (unrelated) to 1 (identical); 0 when they cannot be compared. */
export function faceSimilarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length || a.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const d = a[i] - b[i];
    sum += d * d;
  }
  const distance = Math.round(100 * 25 * sum) / 100;
  if (distance === 0) return 1;
  const norm = (1 - Math.sqrt(distance) / 100 - 0.2) / (0.8 - 0.2);
  return Math.round(100 * Math.max(0, Math.min(1, norm))) / 100;
}

export interface FaceCandidate<K> {
  key: K;
  descriptor: ArrayLike<number>;
}

export interface FaceVerdict<K> {
  /** The best candidate at or above the threshold, else null. */
  key: K | null;
  /** The best similarity found (0 when there were no candidates). */
  similarity: number;
  /**
   * Candidates other than the best one also at or above the threshold: more than zero means the
   * face is ambiguous among enrolled users, and a 1:N search must not pick one of them.
   */
  rivals: number;
}

/**
 * The candidate whose descriptor is most similar to `probe`, if it reaches `threshold` (0..1).
 * One candidate makes a 1:1 check (sign-in with a user name, an exam's identity check); many, a
 * 1:N search (sign-in by face alone), where a second candidate also over the threshold refuses.
 */
export function matchFace<K>(probe: ArrayLike<number>, candidates: Iterable<FaceCandidate<K>>, threshold: number): FaceVerdict<K> {
  let best: K | null = null;
  let bestSimilarity = 0;
  let over = 0;
  for (const c of candidates) {
    const s = faceSimilarity(probe, c.descriptor);
    if (s >= threshold) over++;
    if (best === null || s > bestSimilarity) {
      best = c.key;
      bestSimilarity = s;
    }
  }
  if (best === null || bestSimilarity < threshold) return { key: null, similarity: bestSimilarity, rivals: 0 };
  return { key: best, similarity: bestSimilarity, rivals: over - 1 };
}

/** A descriptor as stored: Float32, little-endian, base64 (4 KiB of numbers in 5.5 KiB of text). */
export function encodeDescriptor(values: readonly number[]): string {
  const buf = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => buf.writeFloatLE(v, i * 4));
  return buf.toString('base64');
}

export function decodeDescriptor(text: string): Float32Array {
  const buf = Buffer.from(text, 'base64');
  const out = new Float32Array(Math.floor(buf.length / 4));
  for (let i = 0; i < out.length; i++) out[i] = buf.readFloatLE(i * 4);
  return out;
}
