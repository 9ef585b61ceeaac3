import type { FastifyInstance } from 'fastify';

/**
 * HSTS and `upgrade-insecure-requests` when the request came over HTTPS, directly or through a
 * trusted proxy (config.trustProxy); never over plain HTTP, where they would break a LAN install.
 */
export function registerHttpsOnlyHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.protocol !== 'https') return payload;
    reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string' && !csp.includes('upgrade-insecure-requests'))
      reply.header('content-security-policy', `${csp};upgrade-insecure-requests`);
    return payload;
  });
}
