import { TokenListScreen } from '../components/token-list-screen';

/**
 * /list-all-private-tokens: GET /api/token/list-private/?page=N (authenticated). Until the API
 * offers it, its 404 is read as an empty list (SPEC §8) and the empty text shows.
 */
export default function ListAllPrivateTokensPage() {
  return (
    <TokenListScreen
      pageTitle="Tokens Privados"
      path="token/list-private/"
      auth
      description="Ofertas reservadas a investidores cadastrados na plataforma."
    />
  );
}
