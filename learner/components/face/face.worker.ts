/// <reference lib="webworker" />
/**
 * Faces are computed here, off the page's thread, with @vladmandic/human and the models our own
 * server serves (/models/human/<version>/): never a CDN. This chunk (the library and TensorFlow.js,
 * about 2 MB) loads only when someone opens face sign-in or enrolment.
 */
import { Human, type Config } from '@vladmandic/human';
import type { FaceAnalysis, FaceWorkerReply, FaceWorkerRequest } from './faceProtocol';

let human: Human | null = null;

function config(backend: 'webgl' | 'cpu', modelBasePath: string): Partial<Config> {
  return {
    backend,
    modelBasePath,
    // No WebAssembly build is served; name our own origin so nothing is ever fetched from a CDN.
    wasmPath: modelBasePath,
    debug: false,
    async: true,
    warmup: 'none',
    cacheSensitivity: 0,
    filter: { enabled: true, equalization: false },
    face: {
      enabled: true,
      detector: { modelPath: 'blazeface.json', rotation: false, maxDetected: 3, minConfidence: 0.4, return: false, skipFrames: 0 },
      mesh: { enabled: true, modelPath: 'facemesh.json' },
      iris: { enabled: false },
      attention: { enabled: false },
      emotion: { enabled: false },
      gear: { enabled: false },
      description: { enabled: true, modelPath: 'faceres.json', skipFrames: 0 },
      antispoof: { enabled: true, modelPath: 'antispoof.json', skipFrames: 0 },
      liveness: { enabled: true, modelPath: 'liveness.json', skipFrames: 0 },
    },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    gesture: { enabled: false },
    segmentation: { enabled: false },
  } as Partial<Config>;
}

/** WebGL where the browser offers it in a worker (SwiftShader in a headless one), else plain JavaScript. */
async function load(modelBasePath: string): Promise<Human> {
  for (const backend of ['webgl', 'cpu'] as const) {
    const h = new Human(config(backend, modelBasePath));
    try {
      await h.init();
      if (h.tf.getBackend() !== backend) continue;
      await h.load();
      return h;
    } catch (e) {
      console.warn(`face models: ${backend} failed`, e);
    }
  }
  throw new Error('face models could not start');
}

/** Mean brightness (0..255) and sharpness (variance of the Laplacian) of the face, scaled to 112×112 first. */
function quality(bitmap: ImageBitmap, box: [number, number, number, number]): { brightness: number; sharpness: number } {
  const size = 112;
  const canvas = new OffscreenCanvas(size, size);
  const g = canvas.getContext('2d', { willReadFrequently: true });
  if (!g) return { brightness: 0, sharpness: 0 };
  g.drawImage(bitmap, box[0], box[1], box[2], box[3], 0, 0, size, size);
  const { data } = g.getImageData(0, 0, size, size);
  const grey = new Float32Array(size * size);
  let sum = 0;
  for (let i = 0; i < grey.length; i++) {
    grey[i] = 0.299 * data[i * 4] + 0.587 * data[i * 4 + 1] + 0.114 * data[i * 4 + 2];
    sum += grey[i];
  }
  let lapSum = 0;
  let lapSq = 0;
  let n = 0;
  for (let y = 1; y < size - 1; y++) {
    for (let x = 1; x < size - 1; x++) {
      const i = y * size + x;
      const lap = grey[i - 1] + grey[i + 1] + grey[i - size] + grey[i + size] - 4 * grey[i];
      lapSum += lap;
      lapSq += lap * lap;
      n++;
    }
  }
  const mean = lapSum / n;
  return { brightness: sum / grey.length, sharpness: lapSq / n - mean * mean };
}

async function analyse(bitmap: ImageBitmap): Promise<FaceAnalysis> {
  if (!human) throw new Error('not loaded');
  const started = performance.now();
  const result = await human.detect(bitmap);
  const faces = result.face;
  const base = { faces: faces.length, width: bitmap.width, height: bitmap.height, ms: Math.round(performance.now() - started) };
  if (faces.length !== 1) return base;
  const f = faces[0];
  const angle = f.rotation?.angle;
  return {
    ...base,
    score: f.score,
    box: f.box,
    yaw: angle?.yaw ?? 0,
    pitch: angle?.pitch ?? 0,
    roll: angle?.roll ?? 0,
    real: f.real ?? 0,
    live: f.live ?? 0,
    ...quality(bitmap, f.box),
    descriptor: f.embedding ? Array.from(f.embedding) : undefined,
  };
}

const reply = (message: FaceWorkerReply) => self.postMessage(message);

self.onmessage = async (event: MessageEvent<FaceWorkerRequest>) => {
  const request = event.data;
  try {
    if (request.type === 'load') {
      human ??= await load(request.modelBasePath);
      console.info(`face models loaded on ${human.tf.getBackend()}`);
      reply({ type: 'loaded', backend: human.tf.getBackend(), version: human.version });
    } else {
      const analysis = await analyse(request.bitmap);
      request.bitmap.close();
      reply({ type: 'analysis', id: request.id, analysis });
    }
  } catch (e) {
    reply({ type: 'error', id: request.type === 'analyse' ? request.id : undefined, message: e instanceof Error ? e.message : String(e) });
  }
};
