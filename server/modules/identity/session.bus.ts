import type { Redis } from 'ioredis';

/**
 * Tells every server process that sessions changed (a sign-out, a disabled user, a role edit), so
 * each drops its cached session checks. Over Redis pub/sub when Redis is configured; a process
 * caches session checks on PostgreSQL only while this bus is live (a missed message could otherwise
 * let a revoked token through), and forgets everything whenever the bus comes back.
 */
export interface SessionBus {
  /** Whether change messages are being received now. */
  readonly live: boolean;
  publish(): void;
  close(): Promise<void>;
}

const CHANNEL = 'examhall:sessions-changed';

export async function connectSessionBus(redis: Redis, onChange: () => void, onError: (err: unknown) => void): Promise<SessionBus> {
  const subscriber = redis.duplicate({ lazyConnect: true, enableOfflineQueue: true, maxRetriesPerRequest: null });
  let live = false;
  let subscribed = false;
  const down = () => {
    live = false;
    onChange();
  };
  subscriber.on('message', () => onChange());
  subscriber.on('close', down);
  subscriber.on('end', down);
  subscriber.on('error', onError);
  const subscribe = async () => {
    await subscriber.subscribe(CHANNEL);
    subscribed = true;
    live = subscriber.status === 'ready';
  };
  subscriber.on('ready', () => {
    // Back after a break: whatever changed meanwhile was not heard. (ioredis subscribes again on
    // its own once it has subscribed; a bus that never could subscribes now.)
    onChange();
    if (subscribed) live = true;
    else subscribe().catch(onError);
  });
  try {
    await subscriber.connect();
    if (!subscribed) await subscribe();
  } catch (err) {
    onError(err);
  }
  return {
    get live() {
      return live;
    },
    publish() {
      redis.publish(CHANNEL, '1').catch(onError);
    },
    async close() {
      live = false;
      subscriber.disconnect();
    },
  };
}
