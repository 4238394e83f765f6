import type { FastifyRequest } from 'fastify';
import { JOB_TICKET } from '../../common/api/job';

/** The ticket a client named its heavy job by (query parameter jobTicket: common/api/job.ts withJobTicket), if well formed. */
export function jobTicketOf(req: FastifyRequest): string | undefined {
  const value = (req.query as Record<string, unknown> | undefined)?.jobTicket;
  return typeof value === 'string' && JOB_TICKET.test(value) ? value : undefined;
}
