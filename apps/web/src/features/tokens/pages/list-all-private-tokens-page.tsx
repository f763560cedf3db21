import { TokenListScreen } from '../components/token-list-screen';

/**
 * /list-all-private-tokens: GET /api/token/list-private/?page=N (authenticated): the offers open
 * for purchase. A 404 reads as an empty list (docs/product.md §8) and shows the empty text.
 */
export default function ListAllPrivateTokensPage() {
  return (
    <TokenListScreen
      pageTitle="Tokens Privados"
      path="token/list-private/"
      auth
      description="Ofertas abertas para compra, exclusivas para investidores cadastrados na plataforma."
    />
  );
}
