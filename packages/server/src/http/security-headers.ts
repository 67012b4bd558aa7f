import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

type Directives = Record<string, string[] | null>;

/**
 * The Content-Security-Policy of the app: our own origin, plus exactly the hosts the configured
 * captcha and payment providers load scripts, frames and connections from.
 */
export function contentSecurityPolicy(config: Pick<Config, 'captcha' | 'credits'>): Directives {
  const script = ["'self'"];
  const frame: string[] = [];
  const connect = ["'self'"];
  const worker = ["'self'"];
  if (config.captcha.provider === 'altcha') {
    // The ALTCHA widget solves its proof of work in workers started from data: (or blob:) URLs.
    worker.push('blob:', 'data:');
  } else {
    script.push('https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/');
    frame.push('https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/');
  }
  if (config.credits.stripe) {
    script.push('https://js.stripe.com');
    frame.push('https://js.stripe.com', 'https://hooks.stripe.com');
    connect.push('https://api.stripe.com');
  }
  return {
    'default-src': ["'self'"],
    'script-src': script,
    'script-src-attr': ["'none'"],
    // React Aria and the ALTCHA widget set inline styles.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    // Recordings are played back from blob: URLs before upload.
    'media-src': ["'self'", 'blob:'],
    'connect-src': connect,
    'worker-src': worker,
    'frame-src': frame.length ? frame : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    // No page of ours may be framed (clickjacking of the sign-in page).
    'frame-ancestors': ["'none'"],
    // The server may run on plain HTTP (local use); upgrading would break it there.
    'upgrade-insecure-requests': null,
  };
}

/** Security headers on every response: the API's, the app's HTML and static files, and errors. */
export async function registerSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'captcha' | 'credits'>): Promise<void> {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HTTPS and its lifetime are the deployment's decision (its proxy), not this server's.
    strictTransportSecurity: false,
  });
}
