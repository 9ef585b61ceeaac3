import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One log line per request, not two: Fastify's "incoming request" line is left out and its
 * "request completed" (or "request errored") line carries the request too (method, url, host,
 * remote address) besides the status and time. Each line is a synchronous write to stdout, about
 * 5 % of the server's CPU per money transfer (docs/decisions/money-bench-server-cpu.md); what the two
 * lines told is all in the one. A request that never completes leaves no line of its own.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
