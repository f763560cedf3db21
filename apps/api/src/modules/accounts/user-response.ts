import type { User } from '@copaiba/contracts';
import type { IdentityBox } from '../../lib/identity-box.ts';
import type { UserRow } from './accounts.repo.ts';

export function toUserResponse(user: UserRow, identity: IdentityBox): User {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    cpf_cnpj: identity.openOrNull(user.cpfCnpjEnc),
    birth_date: identity.openOrNull(user.birthDateEnc),
    is_confirmed_email: user.isConfirmedEmail,
    is_two_factor_authentication: user.isTwoFactorAuthentication,
    is_admin: user.isAdmin,
    is_token_creator: user.isTokenCreator,
    is_project_manager: user.isProjectManager,
    intention_token_creator: user.intentionTokenCreator,
    intention_project_manager: user.intentionProjectManager,
    permissions: {
      is_confirmed_email: user.isConfirmedEmail,
      is_admin: user.isAdmin,
      is_project_manager: user.isProjectManager,
    },
  };
}
