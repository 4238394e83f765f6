import { Type, type Static } from '@sinclair/typebox';
import { defineApi, type Endpoint } from './endpoint';

/**
 * Heavy work (an import's parse or commit, a big export) runs a few jobs at a time; the rest wait
 * their turn. A client names its job by a ticket of its own making (query parameter `jobTicket` of
 * the call that starts it: withJobTicket) and asks where the job stands while it waits for the answer.
 */

/** A ticket: random, made by the client, 16–64 letters, digits, _ or -. */
export const JOB_TICKET = /^[A-Za-z0-9_-]{16,64}$/;

export const JobProgress = Type.Object({
  /** waiting: queued behind `ahead` jobs; running: being worked on; unknown: not here (not started yet, done, or on another server). */
  state: Type.Union([Type.Literal('waiting'), Type.Literal('running'), Type.Literal('unknown')]),
  ahead: Type.Integer({ minimum: 0 }),
});
export type JobProgress = Static<typeof JobProgress>;

export const jobApi = defineApi('job', {
  progress: {
    path: '/api/sys/job/progress',
    access: 'login',
    body: Type.Object({ ticket: Type.String({ pattern: JOB_TICKET.source, maxLength: 64 }) }),
    response: JobProgress,
    summary: 'Where a heavy job named by its ticket stands: queued (and behind how many), running, or unknown',
  },
});

/** The endpoint, its job named by `ticket` (the query parameter jobTicket; the body stays as the endpoint defines it). */
export function withJobTicket<E extends Endpoint>(endpoint: E, ticket: string): E {
  return { ...endpoint, path: `${endpoint.path}?jobTicket=${encodeURIComponent(ticket)}` };
}
