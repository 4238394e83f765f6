import type { FastifyInstance } from 'fastify';

/**
 * Closes the app within `graceMs`: new connections are refused at once and requests in progress
 * may finish; past the deadline every remaining connection is cut (a client that stopped
 * sending halfway must not hold the process). Resolves when the app has closed.
 */
export async function closeWithDeadline(app: FastifyInstance, graceMs: number): Promise<'closed' | 'forced'> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'forced'>((resolve) => {
    timer = setTimeout(() => resolve('forced'), graceMs);
  });
  const closing = app.close().then(() => 'closed' as const);
  const first = await Promise.race([closing, deadline]);
  clearTimeout(timer);
  if (first === 'closed') return first;
  app.server.closeAllConnections();
  await closing;
  return 'forced';
}
