import { loginBody } from '@copaiba/contracts';
import { zodResolver } from '@hookform/resolvers/zod';

/** The login form's validation: the contract's schema (loaded with the contracts and zod). */
export const loginResolver = zodResolver(loginBody);
