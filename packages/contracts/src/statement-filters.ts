/**
 * The statement's filters (docs/product.md §3), apart from the wallet's schemas: the statement
 * screen needs them, and importing them from wallet.ts would bring zod into its code
 * (docs/PERFORMANCE.md, "Web: the entry, the captcha and Lighthouse's reference").
 */
export const STATEMENT_FILTERS = [
  'todos',
  'remuneracao',
  'deposito',
  'saque',
  'comprados',
] as const;
export type StatementFilter = (typeof STATEMENT_FILTERS)[number];
