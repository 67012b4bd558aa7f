// The real server in a process of its own, for tests that kill it. Configured from the environment
// like src/main.ts; the transcription worker stays off (no model is loaded). Prints "listening <port>".
import { buildServer } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';

process.umask(0o077);
const app = await buildServer(loadConfig(), { worker: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no address');
process.stdout.write(`listening ${address.port}\n`);
