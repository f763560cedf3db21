/**
 * What each notification stores (docs/product.md §16): ids, amounts in centavos (JSON numbers,
 * exact up to 2^53), quantities and the names a reader needs; never rendered text. The SQL that
 * records an event (buy_tokens, undo_purchase) writes the same shapes.
 */
interface TokenRef {
  token_id: number;
  token_name: string;
  token_symbol: string;
}

export type NotificationEvent =
  | { kind: 'deposit_credited'; data: { amount_cents: number; txid: string } }
  | { kind: 'withdrawal_paid'; data: { withdrawal_id: number; amount_cents: number } }
  | { kind: 'withdrawal_reversed'; data: { withdrawal_id: number; amount_cents: number } }
  | {
      kind: 'purchase_confirmed';
      data: TokenRef & {
        purchase_id: number;
        quantity: number;
        unit_price_cents: number;
        total_cents: number;
      };
    }
  | {
      kind: 'desistencia';
      data: TokenRef & { purchase_id: number; quantity: number; amount_cents: number };
    }
  | {
      kind: 'offer_succeeded';
      data: TokenRef & {
        quantity: number;
        /** What the holder's units pay over the whole schedule. */
        total_to_receive_cents: number;
        installments: number;
        first_installment_date: string;
      };
    }
  | { kind: 'offer_failed'; data: TokenRef & { quantity: number; refunded_cents: number } }
  | {
      kind: 'installment_paid';
      data: TokenRef & {
        installment: number;
        installments: number;
        quantity: number;
        amount_cents: number;
      };
    }
  | { kind: 'project_report'; data: TokenRef & { report: boolean; indicators: boolean } }
  | {
      kind: 'question_answered';
      data: TokenRef & { question_id: number; question: string; answer: string };
    }
  | {
      kind: 'question_received';
      data: TokenRef & { question_id: number; question: string; asker: string };
    }
  | { kind: 'role_granted'; data: { role: 'token_creator' | 'project_manager' } }
  | { kind: 'token_issued'; data: TokenRef }
  | {
      kind: 'security';
      /** A security event the person is told of (docs/product.md §19): where and when. */
      data: {
        event:
          | 'new_device'
          | 'password_changed'
          | 'two_factor_enabled'
          | 'two_factor_disabled'
          | 'recovery_code_used';
        device: string;
        ip: string;
        at: string;
      };
    };

export type EmittedKind = NotificationEvent['kind'];
