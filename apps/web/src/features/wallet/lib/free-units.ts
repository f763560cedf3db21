import type { OwnedToken } from '@copaiba/contracts';

/** Units of a holding not listed yet: what may still be offered on the Mural. */
export const freeUnits = (token: OwnedToken) => token.quantity - token.quantity_listed;
