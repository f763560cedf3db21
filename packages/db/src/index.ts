export * from './client.ts';
export * from './schema/index.ts';
export type { ChannelListener, Unlisten } from './listen.ts';
