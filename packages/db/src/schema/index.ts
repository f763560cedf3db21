export * from './accounts.ts';
export * from './admin.ts';
export * from './catalogue.ts';
export * from './mail.ts';
export * from './wallet.ts';
export * from './chain.ts';
export * from './investor.ts';
