import net from 'node:net';

/** Local Redis for the shared paths (REDIS_URL_TEST, default redis://127.0.0.1:6379); their tests are skipped when it does not answer. */
export const REDIS_URL = process.env.REDIS_URL_TEST ?? 'redis://127.0.0.1:6379';

/** Whether a Redis answers PING at the URL. */
export function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port || 6379), hostname, () => socket.write('PING\r\n'));
    socket.setTimeout(1000, () => (socket.destroy(), resolve(false)));
    socket.on('data', (d) => (socket.destroy(), resolve(d.toString().startsWith('+PONG'))));
    socket.on('error', () => resolve(false));
  });
}
