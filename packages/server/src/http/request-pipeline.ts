/**
 * What every request of the full server passes through before its route: the schema compilers and the
 * hooks, registered in the order they run (Fastify runs hooks of one kind in the order they were added,
 * so this order is part of the behaviour). Apart from app.ts so the pipeline reads in one place; the
 * request budget joins it later, once app.ts has the caller resolver it needs.
 */
import type { FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { runInCallerScope } from '../caller-scope.ts';
import type { Config } from '../config.ts';
import { registerRequestMetrics } from '../features/metrics/collectors.ts';
import type { ServerMetrics } from '../features/metrics/registry.ts';
import { registerSharePageHeaders } from '../features/shares/routes.ts';
import { closeConnectionsOnceIdle } from './close.ts';
import { registerCsrfGuard } from './csrf.ts';
import { registerErrorHandler } from './errors.ts';
import { registerNulGuard } from './nul-guard.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import { registerBodyTimeouts } from './timeouts.ts';

export async function registerRequestPipeline(app: FastifyInstance, config: Config, metrics: ServerMetrics): Promise<void> {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('user', null);
  // First: everything a request does runs in its caller's scope (the database's fair turns).
  app.addHook('onRequest', (_request, _reply, done) => runInCallerScope(done));
  registerRequestMetrics(app, metrics.httpDuration);
  registerErrorHandler(app);
  registerCsrfGuard(app);
  registerNulGuard(app);
  registerBodyTimeouts(app, config.http);
  closeConnectionsOnceIdle(app);
  await registerSecurityHeaders(app, config);
  registerSharePageHeaders(app);
}
