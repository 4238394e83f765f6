import type { FaceAnalysis } from './faceProtocol';

/** The capture rules: one face, big enough, frontal, sharp, lit, and alive. */
export const FACE_QUALITY = {
  minScore: 0.6,
  /** The face's width as a share of the frame's. */
  minWidthShare: 0.15,
  /** Radians (about 20°). */
  maxYaw: 0.35,
  maxPitch: 0.35,
  maxRoll: 0.3,
  minSharpness: 40,
  minBrightness: 60,
  maxBrightness: 215,
} as const;

export type FaceVerdict = { ok: true; descriptor: number[]; liveness: number } | { ok: false; problem: string };

/** The lower of the anti-spoof and liveness scores: what the server checks against its threshold. */
export const livenessOf = (a: FaceAnalysis) => Math.min(a.real ?? 0, a.live ?? 0);

/** Whether a frame makes a good capture, or what is wrong with it, in words for the user. `livenessMin` is 0..1. */
export function judgeFace(a: FaceAnalysis, livenessMin: number): FaceVerdict {
  const q = FACE_QUALITY;
  if (a.faces === 0) return { ok: false, problem: '未检测到人脸，请正对摄像头' };
  if (a.faces > 1) return { ok: false, problem: '检测到多张人脸，请确保画面中只有您一人' };
  if ((a.score ?? 0) < q.minScore) return { ok: false, problem: '人脸不清晰，请正对摄像头' };
  if (!a.box || a.box[2] < a.width * q.minWidthShare) return { ok: false, problem: '人脸太小，请靠近摄像头' };
  if (Math.abs(a.yaw ?? 0) > q.maxYaw || Math.abs(a.pitch ?? 0) > q.maxPitch || Math.abs(a.roll ?? 0) > q.maxRoll) {
    return { ok: false, problem: '请正对摄像头，不要侧脸、低头、仰头或歪头' };
  }
  if ((a.brightness ?? 0) < q.minBrightness) return { ok: false, problem: '光线太暗，请到明亮处或打开灯光' };
  if ((a.brightness ?? 0) > q.maxBrightness) return { ok: false, problem: '光线太强，请避免强光直射面部' };
  if ((a.sharpness ?? 0) < q.minSharpness) return { ok: false, problem: '画面模糊，请保持不动并擦拭镜头' };
  if (livenessOf(a) < livenessMin) return { ok: false, problem: '活体检测未通过，请本人正对摄像头，勿使用照片或屏幕' };
  if (!a.descriptor?.length) return { ok: false, problem: '未能提取人脸特征，请重试' };
  return { ok: true, descriptor: a.descriptor, liveness: livenessOf(a) };
}
