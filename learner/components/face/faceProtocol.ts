/** Messages between the page and the face worker (face.worker.ts). */
export type FaceWorkerRequest = { type: 'load'; modelBasePath: string } | { type: 'analyse'; id: number; bitmap: ImageBitmap };

/** What the worker saw in one frame. Face fields are present only when exactly one face was found. */
export interface FaceAnalysis {
  faces: number;
  width: number;
  height: number;
  /** Time the models took, ms. */
  ms: number;
  score?: number;
  box?: [number, number, number, number];
  /** Head angles, radians. */
  yaw?: number;
  pitch?: number;
  roll?: number;
  /** Anti-spoof (a real face, not a picture) and liveness scores, 0..1. */
  real?: number;
  live?: number;
  /** Mean brightness 0..255 and Laplacian variance of the face at 112×112. */
  brightness?: number;
  sharpness?: number;
  descriptor?: number[];
}

export type FaceWorkerReply =
  | { type: 'loaded'; backend: string; version: string }
  | { type: 'analysis'; id: number; analysis: FaceAnalysis }
  | { type: 'error'; id?: number; message: string };
