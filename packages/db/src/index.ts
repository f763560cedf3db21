export * from './client.ts';
export * from './schema/index.ts';
