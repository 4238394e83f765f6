/**
 * A typed in-process event bus. Handlers subscribe by event name and phase; `emit` runs the
 * 'transaction' handlers at once, awaited, with the emitter's context (so inside its transaction),
 * and queues the 'afterCommit' ones on the transaction (see inTransaction in server/context.ts), or
 * runs them at once, awaited, when the emitter is in no transaction. One bus per app: two apps in one
 * process (tests, benches) never hear each other.
 */

export type EventPhase = 'transaction' | 'afterCommit';

/** What `emit` needs of its caller's context: the open transaction's after-commit queue, if any. */
export interface EventScope {
  /** Work to run once the transaction commits, given the context outside it. */
  readonly afterCommit?: Array<(outside: any) => Promise<void>>;
}

type Handler<C, P> = (ctx: C, payload: P) => Promise<void> | void;

export class EventBus<M extends object, C extends EventScope> {
  private readonly handlers = new Map<keyof M, Array<{ phase: EventPhase; name: string; run: Handler<C, any> }>>();

  /** @param logError where a failed after-commit handler is reported (it cannot undo the commit). */
  constructor(private readonly logError: (message: string, error: unknown) => void) {}

  /** Subscribes `run` to an event; `name` labels it in logs (module.purpose). */
  on<K extends keyof M>(event: K, phase: EventPhase, name: string, run: Handler<C, M[K]>): void {
    const list = this.handlers.get(event) ?? [];
    if (list.some((h) => h.name === name)) throw new Error(`event handler ${name} subscribed twice to ${String(event)}`);
    list.push({ phase, name, run });
    this.handlers.set(event, list);
  }

  /** Tells the event: transaction handlers now, in order; after-commit handlers when the transaction commits. */
  async emit<K extends keyof M>(ctx: C, event: K, payload: M[K]): Promise<void> {
    const list = this.handlers.get(event);
    if (!list) return;
    for (const h of list) if (h.phase === 'transaction') await h.run(ctx, payload);
    const later = list.filter((h) => h.phase === 'afterCommit');
    if (later.length === 0) return;
    // After commit a handler works outside the emitter's transaction, with the context it started from.
    const runLater = async (outside: C) => {
      for (const h of later) {
        try {
          await h.run(outside, payload);
        } catch (error) {
          this.logError(`event handler ${h.name} of ${String(event)} failed`, error);
        }
      }
    };
    if (ctx.afterCommit) ctx.afterCommit.push(runLater);
    else await runLater(ctx);
  }

  /** The names subscribed to an event, in order (for tests and the docs). */
  subscribers(event: keyof M): string[] {
    return (this.handlers.get(event) ?? []).map((h) => `${h.phase}:${h.name}`);
  }
}
