import type { User } from '@copaiba/contracts';
import type { UserRow } from './accounts.repo.ts';

export function toUserResponse(user: UserRow): User {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    cpf_cnpj: user.cpfCnpj,
    birth_date: user.birthDate,
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
