import { HUMAN_VERSION } from '../../../common/face';
import type { FaceAnalysis, FaceWorkerReply, FaceWorkerRequest } from './faceProtocol';

/** The face worker, started once per page load on first use (the models stay loaded for the next capture). */
let engine: Promise<FaceEngine> | null = null;

export interface FaceEngine {
  backend: string;
  /** Human's version: stored with an enrolment. */
  version: string;
  analyse(frame: ImageBitmap): Promise<FaceAnalysis>;
}

function start(): Promise<FaceEngine> {
  const worker = new Worker(new URL('./face.worker.ts', import.meta.url), { type: 'module' });
  const waiting = new Map<number, { resolve: (a: FaceAnalysis) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  const post = (m: FaceWorkerRequest, transfer: Transferable[] = []) => worker.postMessage(m, transfer);
  return new Promise((resolve, reject) => {
    worker.onerror = (e) => reject(new Error(e.message || 'face worker failed'));
    worker.onmessage = (event: MessageEvent<FaceWorkerReply>) => {
      const m = event.data;
      if (m.type === 'loaded') {
        resolve({
          backend: m.backend,
          version: m.version,
          analyse: (frame) =>
            new Promise<FaceAnalysis>((res, rej) => {
              const id = nextId++;
              waiting.set(id, { resolve: res, reject: rej });
              post({ type: 'analyse', id, bitmap: frame }, [frame]);
            }),
        });
      } else if (m.type === 'analysis') {
        waiting.get(m.id)?.resolve(m.analysis);
        waiting.delete(m.id);
      } else if (m.id !== undefined) {
        waiting.get(m.id)?.reject(new Error(m.message));
        waiting.delete(m.id);
      } else {
        reject(new Error(m.message));
      }
    };
    post({ type: 'load', modelBasePath: `${location.origin}/models/human/${HUMAN_VERSION}/` });
  });
}

export function faceEngine(): Promise<FaceEngine> {
  engine ??= start().catch((e: unknown) => {
    engine = null;
    throw e;
  });
  return engine;
}
