import { TokenListScreen } from '../components/token-list-screen';

/** /list-all-tokens ('Compra de Tokens'): GET /api/token/list/?page=N. */
export default function ListAllTokensPage() {
  return (
    <TokenListScreen
      pageTitle="Compra de Tokens"
      path="token/list/"
      description="Escolha um token, veja os detalhes do projeto e faça sua simulação antes de comprar."
    />
  );
}
