export * from './accounts.ts';
export * from './captcha.ts';
export * from './cpf-cnpj.ts';
export * from './dates.ts';
export * from './fields.ts';
export * from './password.ts';
