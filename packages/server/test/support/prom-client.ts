// prom-client as the server resolves it, for benchmarks outside the server package (bench/).
export { Histogram, Registry } from 'prom-client';
