import { formatBrl, isoToBrDate, saoPauloDateTime } from '@copaiba/contracts';
import type { NotificationEvent } from './notification-events.ts';

/**
 * A notification as a person reads it, in pt-BR (docs/product.md §16): the bell and the
 * notifications page show title, body and link; its mail adds the facts and the quotes.
 */
export interface PresentedNotification {
  title: string;
  body: string;
  /** A path of the web app, or null. */
  link: string | null;
  /** The mail's button. */
  action: string;
  /**
   * The mail's facts and quotes (none when absent), built only for the mail: the bell and the page
   * never show them.
   */
  facts?: () => Array<[string, string]>;
  quotes?: () => Array<{ label: string; text: string }>;
}

export interface PresenterContext {
  /** DESISTENCIA_DAYS: the purchase receipt says until when it can be undone. */
  desistenciaDays: number;
}

const brl = (cents: number) => formatBrl(BigInt(cents));
const units = (n: number) => (n === 1 ? '1 unidade' : `${n} unidades`);
const tokenPage = (id: number, section?: string) =>
  `/detail-token-issuer/${id}${section ? `#${section}` : ''}`;
const named = (d: { token_name: string; token_symbol: string }) =>
  `${d.token_name} (${d.token_symbol})`;

function present(
  event: NotificationEvent,
  context: PresenterContext,
): PresentedNotification | undefined {
  switch (event.kind) {
    case 'deposit_credited': {
      const d = event.data;
      return {
        title: 'Depósito creditado',
        body: `Seu depósito Pix de ${brl(d.amount_cents)} foi creditado na sua carteira.`,
        link: '/wallet',
        action: 'Ver minha carteira',
        facts: () => [
          ['Valor', brl(d.amount_cents)],
          ['Identificador Pix (txid)', d.txid],
        ],
      };
    }
    case 'withdrawal_paid': {
      const d = event.data;
      return {
        title: 'Saque pago',
        body: `Seu saque de ${brl(d.amount_cents)} foi enviado para a sua chave Pix.`,
        link: '/extract',
        action: 'Ver extrato',
        facts: () => [
          ['Valor', brl(d.amount_cents)],
          ['Nº do saque', String(d.withdrawal_id)],
        ],
      };
    }
    case 'withdrawal_reversed': {
      const d = event.data;
      return {
        title: 'Saque devolvido à carteira',
        body: `Não foi possível pagar seu saque de ${brl(d.amount_cents)}. O valor voltou para a sua carteira.`,
        link: '/wallet',
        action: 'Ver minha carteira',
        facts: () => [
          ['Valor devolvido', brl(d.amount_cents)],
          ['Nº do saque', String(d.withdrawal_id)],
        ],
      };
    }
    case 'purchase_confirmed': {
      const d = event.data;
      const undo =
        context.desistenciaDays > 0
          ? ` Você pode desistir dela em até ${context.desistenciaDays} dias, em Minha Carteira.`
          : '';
      return {
        title: `Compra confirmada: ${d.token_symbol}`,
        body: `Você comprou ${units(d.quantity)} de ${named(d)} por ${brl(d.total_cents)}.${undo}`,
        link: '/wallet',
        action: 'Ver minhas compras',
        facts: () => [
          ['Token', named(d)],
          ['Quantidade', String(d.quantity)],
          ['Preço por unidade', brl(d.unit_price_cents)],
          ['Total pago', brl(d.total_cents)],
          ['Nº da compra', String(d.purchase_id)],
        ],
      };
    }
    case 'desistencia': {
      const d = event.data;
      return {
        title: `Desistência registrada: ${d.token_symbol}`,
        body: `Sua compra de ${units(d.quantity)} de ${named(d)} foi desfeita e ${brl(d.amount_cents)} voltaram para a sua carteira.`,
        link: '/wallet',
        action: 'Ver minha carteira',
        facts: () => [
          ['Token', named(d)],
          ['Quantidade', String(d.quantity)],
          ['Valor devolvido', brl(d.amount_cents)],
          ['Nº da compra', String(d.purchase_id)],
        ],
      };
    }
    case 'offer_succeeded': {
      const d = event.data;
      return {
        title: `Oferta encerrada com sucesso: ${d.token_symbol}`,
        body: `A captação de ${named(d)} atingiu o valor mínimo e foi encerrada. Suas ${units(d.quantity)} devem render ${brl(d.total_to_receive_cents)} em ${d.installments} ${d.installments === 1 ? 'parcela' : 'parcelas'}, a primeira em ${isoToBrDate(d.first_installment_date)}.`,
        link: tokenPage(d.token_id, 'section-summary-project'),
        action: 'Ver o cronograma',
        facts: () => [
          ['Token', named(d)],
          ['Suas unidades', String(d.quantity)],
          ['Total a receber', brl(d.total_to_receive_cents)],
          ['Parcelas', String(d.installments)],
          ['Primeira parcela', isoToBrDate(d.first_installment_date)],
        ],
      };
    }
    case 'offer_failed': {
      const d = event.data;
      return {
        title: `Oferta cancelada: ${d.token_symbol}`,
        body: `A captação de ${named(d)} terminou sem atingir o valor mínimo. ${brl(d.refunded_cents)} foram devolvidos à sua carteira.`,
        link: '/extract',
        action: 'Ver extrato',
        facts: () => [
          ['Token', named(d)],
          ['Unidades canceladas', String(d.quantity)],
          ['Valor reembolsado', brl(d.refunded_cents)],
        ],
      };
    }
    case 'installment_paid': {
      const d = event.data;
      return {
        title: `Parcela recebida: ${d.token_symbol}`,
        body: `Você recebeu ${brl(d.amount_cents)} da parcela ${d.installment} de ${d.installments} de ${named(d)}.`,
        link: '/extract',
        action: 'Ver extrato',
        facts: () => [
          ['Token', named(d)],
          ['Parcela', `${d.installment} de ${d.installments}`],
          ['Suas unidades', String(d.quantity)],
          ['Valor recebido', brl(d.amount_cents)],
        ],
      };
    }
    case 'project_report': {
      const d = event.data;
      const what =
        d.report && d.indicators
          ? 'um novo relatório de atualização e de indicadores'
          : d.indicators
            ? 'um novo relatório de indicadores'
            : 'um novo relatório de atualização';
      return {
        title: `Novo relatório do projeto: ${d.token_symbol}`,
        body: `O gestor do projeto de ${named(d)} publicou ${what}.`,
        link: tokenPage(d.token_id, 'section-summary-project'),
        action: 'Ver o relatório',
      };
    }
    case 'question_answered': {
      const d = event.data;
      return {
        title: `Sua pergunta foi respondida: ${d.token_symbol}`,
        body: `O emissor de ${named(d)} respondeu à sua pergunta.`,
        link: tokenPage(d.token_id, 'section-questions'),
        action: 'Ver a resposta',
        quotes: () => [
          { label: 'Sua pergunta', text: d.question },
          { label: 'Resposta do emissor', text: d.answer },
        ],
      };
    }
    case 'question_received': {
      const d = event.data;
      return {
        title: `Nova pergunta sobre ${d.token_symbol}`,
        body: `${d.asker} fez uma pergunta sobre ${named(d)}. Responda na página do token ou em Gestão de Tokens.`,
        link: tokenPage(d.token_id, 'section-questions'),
        action: 'Responder',
        quotes: () => [{ label: `Pergunta de ${d.asker}`, text: d.question }],
      };
    }
    case 'role_granted': {
      const creator = event.data.role === 'token_creator';
      return {
        title: creator
          ? 'Acesso de criador de tokens liberado'
          : 'Acesso de gestor de projetos liberado',
        body: creator
          ? 'Um administrador aprovou seu acesso: agora você pode cadastrar tokens e seus projetos.'
          : 'Um administrador aprovou seu acesso: agora você pode enviar os relatórios dos projetos atribuídos a você.',
        link: creator ? '/register-token' : '/project-management',
        action: creator ? 'Cadastrar um token' : 'Gestão de Projetos',
      };
    }
    case 'token_issued': {
      const d = event.data;
      return {
        title: `Token emitido: ${d.token_symbol}`,
        body: `${named(d)} foi emitido e a oferta já está aberta ao público.`,
        link: tokenPage(d.token_id),
        action: 'Ver a oferta',
      };
    }
    case 'security': {
      const d = event.data;
      const facts = (): Array<[string, string]> => [
        ['Dispositivo', d.device],
        ['Endereço IP', d.ip],
        ['Data', saoPauloDateTime(new Date(d.at))],
      ];
      const notYou =
        'Se não foi você, altere sua senha e encerre as sessões que não reconhece em Dispositivos conectados.';
      const text: Record<typeof d.event, [string, string]> = {
        new_device: [
          'Novo acesso à sua conta',
          `Sua conta foi acessada de um dispositivo novo: ${d.device}. ${notYou}`,
        ],
        password_changed: [
          'Sua senha foi alterada',
          `A senha da sua conta foi alterada. ${notYou}`,
        ],
        two_factor_enabled: [
          'Autenticação em dois fatores ativada',
          'A autenticação em dois fatores foi ativada na sua conta: o login passa a pedir o código do app autenticador.',
        ],
        two_factor_disabled: [
          'Autenticação em dois fatores desativada',
          `A autenticação em dois fatores foi desativada na sua conta. ${notYou}`,
        ],
        recovery_code_used: [
          'Código de recuperação usado',
          `Um código de recuperação foi usado para entrar na sua conta; ele não vale mais. ${notYou}`,
        ],
      };
      const [title, body] = text[d.event];
      return {
        title,
        body,
        link: '/devices',
        action: 'Ver dispositivos conectados',
        facts,
      };
    }
    default:
      return undefined;
  }
}

/**
 * The pt-BR text of a stored notification. A kind this version does not emit (the secondary
 * board's) reads as a plain notice rather than failing the whole list.
 */
export function presentNotification(
  kind: string,
  data: Record<string, unknown>,
  context: PresenterContext,
): PresentedNotification {
  const event = { kind, data } as NotificationEvent;
  return (
    present(event, context) ?? {
      title: 'Aviso da Copaíba',
      body: 'Há uma novidade na sua conta.',
      link: null,
      action: 'Abrir a Copaíba',
    }
  );
}
