import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { holdsCardNumber, redactCardNumbers } from '../../shared/money/card.ts';
import { CARD_SECRET_FIELDS } from '../payments/redact.ts';

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

/** Query parameters whose value is a card secret by name (a CVV or a code has no shape to spot). */
const SECRET_PARAM = new RegExp(`^(${[...CARD_SECRET_FIELDS, 'cvv', 'cvc', 'pan'].join('|')})$`, 'i');

/** A query parameter as it reads: `+` a space, %-escapes decoded (a malformed one left as sent). */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** One query parameter as logged: a card secret by its name, or a card number by its digits, is `[REDACTED]`. */
function logParam(param: string): string {
  const at = param.indexOf('=');
  const name = at < 0 ? param : param.slice(0, at);
  if (!holdsCardNumber(decoded(param)) && !SECRET_PARAM.test(decoded(name))) return param;
  return at < 0 || holdsCardNumber(decoded(name)) ? '[REDACTED]' : `${name}=[REDACTED]`;
}

/** A URL as the log keeps it: a card number in its path or query, or a card secret in its query, never is. */
export function loggedUrl(url: string): string {
  const at = url.indexOf('?');
  const path = at < 0 ? url : url.slice(0, at);
  const shownPath = holdsCardNumber(decoded(path)) ? redactCardNumbers(decoded(path)) : path;
  return at < 0
    ? shownPath
    : `${shownPath}?${url
        .slice(at + 1)
        .split('&')
        .map(logParam)
        .join('&')}`;
}

/**
 * Fastify's request serializer with the URL as `loggedUrl` keeps it (the app's loggers use it for
 * `req`); like Fastify's, it keeps these fields only, whatever else a line's `req` holds.
 */
export function logRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: typeof request.url === 'string' ? loggedUrl(request.url) : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
