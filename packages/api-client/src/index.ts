export * from './validation.ts';
export * from './schemas.ts';
export * from './http.ts';
export * from './client.ts';
export * from './library.ts';
export * from './upload.ts';
export * from './live.ts';
export * from './ai.ts';
