import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { MAX_FILE_BYTES } from '../shared/constants.ts';
import { bootstrap, reportStaffLeads } from './bootstrap.ts';
import { loadConfig, type Config } from './config.ts';
import './context.ts';
import { openDatabase } from './db/client.ts';
import { registerAuthRoutes } from './features/auth/routes.ts';
import { registerCampaignRoutes } from './features/campaigns/routes.ts';
import { registerCardDepositRoutes } from './features/deposits/card-routes.ts';
import { registerMoneyStatsRoutes } from './features/money-stats/routes.ts';
import { registerImportRoutes } from './features/import/routes.ts';
import { registerDocumentRoutes } from './features/leads/documents.ts';
import { registerLeadRoutes } from './features/leads/routes.ts';
import { registerSettingRoutes } from './features/settings/routes.ts';
import { registerSyncRoutes } from './features/sync/routes.ts';
import { registerUploadRoutes } from './features/uploads/routes.ts';
import { AppError } from './http/app-error.ts';
import { registerAuthentication } from './http/authenticate.ts';
import { registerErrorHandler, sendError, toAppError } from './http/errors.ts';
import { registerHeavyLimit } from './http/heavy-limit.ts';
import { registerHttpsOnlyHeaders } from './http/https-headers.ts';
import { inlineScriptHashes } from './http/inline-scripts.ts';
import { registerIdempotency } from './http/idempotency.ts';
import { logRequest, OneLinePerRequest } from './http/request-log.ts';
import { serializerCompiler } from './http/serialize.ts';
import { validatorCompiler } from './http/validate.ts';
import { registerActions } from './actions/define-action.ts';
import { ACTIONS } from './actions/registry.ts';
import { registerFundsRoutes } from './money/funds-routes.ts';
import { CARD_SECRET_LOG_PATHS } from './payments/redact.ts';
import { createSandboxGateway } from './payments/sandbox-gateway.ts';
import type { PaymentGateway } from './payments/gateway.ts';
import { createRealtime } from './realtime/realtime.ts';
import { systemClock, type Clock } from './scheduler/clock.ts';
import type { JobDefinition } from './scheduler/define-job.ts';
import { schedulerJobs } from './scheduler/jobs.ts';
import { createScheduler } from './scheduler/scheduler.ts';
import { registerResource } from './resources/define-resource.ts';
import { RESOURCES } from './resources/registry.ts';
import { databaseStore, diskStore } from './uploads/file-store.ts';
import { registerProjectRoutes } from './wealth/project-routes.ts';
import { registerCatalogueRoutes } from './catalogue/routes.ts';
import { registerInvestmentRoutes } from './wealth/investment-routes.ts';
import { registerVaultRoutes } from './vault/vault-routes.ts';
import { createPriceFeed, registerPriceRoutes, type AppPriceFeed } from './trading/feed/index.ts';
import { registerOrderExport } from './trading/order-export.ts';
import { registerOrderRoutes } from './trading/orders/routes.ts';

/** The scheduler's clock and jobs; `scheduler: false` builds it without starting it (tests run passes by hand). */
export type SchedulingOptions = { clock?: Clock; scheduler?: false | { jobs?: readonly JobDefinition[] } };

export type AppOptions = Partial<Config> &
  SchedulingOptions & {
    /** false: silent; a pino options object (e.g. `{ level, stream }`) lets tests read the log. */
    logger?: boolean | FastifyServerOptions['logger'];
    /** The card payment provider; the sandbox of DESIGN.md §6 unless told. */
    payments?: PaymentGateway;
    /** The price feed; the simulated one on the app's clock unless told (src/server/trading/feed/index.ts). */
    priceFeed?: AppPriceFeed;
  };

/** Builds the whole server (API, realtime, and the client build when present); tests use it as is. */
export async function buildApp({ clock = systemClock, scheduler: scheduling, ...options }: AppOptions = {}): Promise<FastifyInstance> {
  const { logger, payments, priceFeed, ...overrides } = options;
  const config = loadConfig(overrides);
  const database = await openDatabase(config);
  const app = Fastify({
    logger:
      logger === false
        ? false
        : typeof logger === 'object'
          ? { ...logger, redact: CARD_SECRET_LOG_PATHS, serializers: { req: logRequest } }
          : { level: config.logLevel, redact: CARD_SECRET_LOG_PATHS, serializers: { req: logRequest } },
    logController: new OneLinePerRequest(),
    bodyLimit: 1024 * 1024,
    // Bad input is refused, never a 500: `__proto__` in JSON bodies is an error, not a silent strip.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    routerOptions: { maxParamLength: 200 },
    // Behind a TLS-terminating proxy that says so: its X-Forwarded-Proto and -For are believed.
    trustProxy: config.trustProxy,
    // Errors the router raises before any route runs (a malformed %-escape, an overlong id) answer
    // `{ message, code }` like every other failure, not Fastify's own body.
    frameworkErrors: (error, request, reply) => sendError(request, reply, toAppError(error)),
  });
  // Every route's zod schemas (src/shared/contracts/) validate its input, encode its answer and document
  // it at /api/docs; a refusal has the same `{ message, code: 'VALIDATION', details }` as a handler's own.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const realtime = createRealtime(
    app.server,
    database.db,
    config.jwtSecret,
    config.cluster ? { databaseUrl: database.url, onError: (error) => app.log.warn({ err: error }, 'realtime adapter') } : undefined,
  );
  // One scheduler per app: it catches up on start, then runs each job on its interval.
  const scheduler = createScheduler({
    db: database.db,
    clock,
    jobs: (scheduling && scheduling.jobs) || schedulerJobs(config, () => app.services.priceFeed),
    onChanges: (cursor, changes) => realtime.changed(cursor, changes),
    onBooked: (job, key) =>
      void Promise.resolve(job.announce?.(app.services, key)).catch((error) =>
        app.log.error({ err: error, job: job.name, key }, 'announce failed'),
      ),
    onError: (job, key, error) => app.log.error({ err: error, job, key }, 'scheduled job failed'),
  });
  app.decorate('services', {
    db: database.db,
    database,
    config,
    realtime,
    clock,
    scheduler,
    payments: payments ?? createSandboxGateway(),
    files: config.cluster ? databaseStore(config.dataDir) : diskStore(config.dataDir),
    priceFeed: priceFeed ?? createPriceFeed({ clock, jwtSecret: config.jwtSecret }),
  });
  app.addHook('onClose', async () => {
    app.services.priceFeed.stop();
    stopTicks();
    await app.services.scheduler.stop();
    await realtime.close();
    await database.close();
  });

  await bootstrap(database.db, config, (message) => (logger === false ? undefined : console.log(message)));
  await reportStaffLeads(database.db, (ids) =>
    app.log.warn({ ids }, `${ids.length} user(s) hold a staff role and lead together; change their roles (left as they are)`),
  );

  // Sync pages and the client's JavaScript shrink several times over the wire.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(cookie);
  await app.register(helmet, {
    // 'self' covers the app's own ws:/wss: origin for the realtime socket (CSP 3), and nothing else.
    contentSecurityPolicy: {
      directives: {
        'script-src': ["'self'", ...inlineScriptHashes(config.clientDir)],
        'img-src': ["'self'", 'data:', 'blob:'],
        'worker-src': ["'self'", 'blob:'],
        'connect-src': ["'self'"],
        'upgrade-insecure-requests': null,
      },
    },
    // Only over HTTPS (below): sent over plain HTTP, they would lock a browser out of a LAN install.
    strictTransportSecurity: false,
  });
  registerHttpsOnlyHeaders(app);
  await app.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'BrokerDesk API', version: '1' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'none' } });

  registerErrorHandler(app);
  registerAuthentication(app);
  registerHeavyLimit(app);
  registerIdempotency(app);

  registerAuthRoutes(app);
  // Routes beside the standard set first: `/user/lead-trend` must not be read as `/user/:id`.
  registerLeadRoutes(app);
  registerCampaignRoutes(app);
  registerDocumentRoutes(app);
  registerImportRoutes(app);
  registerCardDepositRoutes(app);
  registerMoneyStatsRoutes(app);
  registerProjectRoutes(app);
  registerCatalogueRoutes(app);
  registerInvestmentRoutes(app);
  registerPriceRoutes(app);
  registerVaultRoutes(app);
  registerOrderExport(app);
  registerOrderRoutes(app);
  registerActions(app, ACTIONS);
  for (const resource of RESOURCES) registerResource(app, resource);
  registerSyncRoutes(app);
  registerFundsRoutes(app);
  registerSettingRoutes(app);
  registerUploadRoutes(app);

  if (scheduling !== false) app.addHook('onReady', () => scheduler.start());
  // Each node ticks its own computed feed to its own sockets (the same path on every node).
  const stopTicks = app.services.priceFeed.onTick((quote) => realtime.priceTick(quote));
  app.addHook('onReady', async () => app.services.priceFeed.start());

  serveClient(app, config.clientDir);
  return app;
}

/** The built PWA when there is one, with the SPA fallback for client routes; /api stays JSON. */
function serveClient(app: FastifyInstance, clientDir: string) {
  const built = existsSync(path.join(clientDir, 'index.html'));
  if (built) {
    app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: ['index.html'],
      // The build wrote each file's .br and .gz (vite.config.ts precompress()): sent as they are, not compressed per request.
      preCompressed: true,
      // Hashed build assets never change; the shell and the service worker must be checked each time.
      setHeaders: (reply, file) =>
        reply.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (
      built &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      request.headers.accept?.includes('text/html')
    ) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendError(request, reply, new AppError('NOT_FOUND'));
  });
}
