export * from './client.ts';
export * from './schema/index.ts';
export * from './seed/demo-accounts.ts';
