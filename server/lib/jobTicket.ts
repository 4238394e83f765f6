import type { FastifyRequest } from 'fastify';
import { JOB_TICKET, JOB_TICKET_HEADER } from '../../common/api/job';

/** The ticket a client named its heavy job by (header `job-ticket`, common/api/job.ts), if well formed. */
export function jobTicketOf(req: FastifyRequest): string | undefined {
  const value = req.headers[JOB_TICKET_HEADER];
  return typeof value === 'string' && JOB_TICKET.test(value) ? value : undefined;
}
