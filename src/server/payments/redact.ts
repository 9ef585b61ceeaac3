/** Body fields that carry a card's secrets (DESIGN.md §6): handed to the gateway, never kept. */
export const CARD_SECRET_FIELDS = ['cardNumber', 'cardCVV', 'secureCode'] as const;

/**
 * pino redaction paths for them, wherever a log line could carry a body: at the top, one level down
 * (`body`, `req.body`, `input`, …) and in a request's body. Fastify does not log bodies itself; this
 * guards what a handler or a plugin might.
 */
export const CARD_SECRET_LOG_PATHS: string[] = CARD_SECRET_FIELDS.flatMap((field) => [
  field,
  `*.${field}`,
  `*.*.${field}`,
  `req.body.${field}`,
  `request.body.${field}`,
]);
