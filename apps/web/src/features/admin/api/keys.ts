/** Query keys of the administration screens; `adminKeys.all` invalidates every one of them. */
export const adminKeys = {
  all: ['admin'] as const,
  creators: (page: number) => ['admin', 'creators', page] as const,
  creator: (id: number) => ['admin', 'creator', id] as const,
  user: (id: number) => ['admin', 'user', id] as const,
  issuer: (id: number) => ['admin', 'issuer', id] as const,
  token: (tokenId: number) => ['admin', 'token', tokenId] as const,
  project: (tokenId: number) => ['admin', 'project', tokenId] as const,
  managers: ['admin', 'managers'] as const,
  audit: (page: number) => ['admin', 'audit', page] as const,
};
