export * from './accounts.ts';
export * from './catalogue.ts';
export * from './mail.ts';
