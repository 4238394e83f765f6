/**
 * The face models the browser loads (from @vladmandic/human's models folder, served by our own
 * server at /models/human/<version>/): face detector, mesh (pose and alignment), descriptor,
 * anti-spoof and liveness. Nothing else of the package's models is served.
 */
export const FACE_MODELS = ['blazeface', 'facemesh', 'faceres', 'antispoof', 'liveness'] as const;
export const FACE_MODEL_FILES: readonly string[] = FACE_MODELS.flatMap((m) => [`${m}.json`, `${m}.bin`]);
/** The version of @vladmandic/human whose models we serve (part of their address, so they cache for good). */
export const HUMAN_VERSION = '3.3.6';
/** The model whose descriptors are enrolled and compared (the server's FACE_MODEL). */
export const FACE_MODEL_NAME = 'faceres';
