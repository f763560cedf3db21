import type { AuditEntry } from '@copaiba/contracts';
import { formatDateTime } from '@/lib/format';

/** The acts the server audits, in pt-BR. */
export const AUDIT_ACTIONS: Record<string, string> = {
  issue_token: 'Emissão de token',
  grant_roles: 'Alteração de papéis',
  assign_manager: 'Atribuição de gestor',
  // The offer forum's moderation (docs/product.md §16).
  hide_question: 'Pergunta ocultada',
  show_question: 'Pergunta mostrada de novo',
  // Opening 'Dados do Usuário', which shows the CPF/CNPJ in full (docs/product.md §19).
  view_identity: 'Consulta de dados pessoais',
};

export function auditActionLabel(action: string): string {
  return AUDIT_ACTIONS[action] ?? action;
}

const TARGETS: Record<string, string> = {
  user: 'Usuário',
  token: 'Token',
  project: 'Projeto',
  question: 'Pergunta',
};

/** 'Usuário #12', 'Token #3'. */
export function auditTargetLabel(entry: Pick<AuditEntry, 'target_type' | 'target_id'>): string {
  return `${TARGETS[entry.target_type] ?? entry.target_type} #${entry.target_id}`;
}

const FIELDS: Record<string, string> = {
  status: 'Situação',
  offer_status: 'Oferta',
  is_token_creator: 'Criador de token',
  is_project_manager: 'Gestor de projeto',
  project_manager_id: 'Gestor do projeto',
  hidden: 'Oculta para os investidores',
};

const STATUS: Record<string, string> = {
  incomplete: 'Incompleto',
  released: 'Liberado',
  issued: 'Emitido',
};

const OFFER: Record<string, string> = {
  funding: 'Em captação',
  all_sold: '100% Vendido',
  distributing: 'Concluído',
  failed: 'Não atingiu o mínimo',
};

/** Keys that repeat what the row already shows (the entry's own date). */
const SKIPPED = new Set(['issued_at']);

export interface AuditChange {
  field: string;
  label: string;
  before: string;
  after: string;
}

/** Names of people by id, to show a manager's name instead of their number. */
export type PeopleById = ReadonlyMap<number, string>;

function show(field: string, value: unknown, people: PeopleById): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (field === 'status' && typeof value === 'string') return STATUS[value] ?? value;
  if (field === 'offer_status' && typeof value === 'string') return OFFER[value] ?? value;
  if (field.endsWith('_id') && typeof value === 'number') {
    return people.get(value) ?? `Usuário #${value}`;
  }
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) {
    return formatDateTime(value) || value;
  }
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/** What changed between `before` and `after`, field by field, in pt-BR; unchanged fields are left out. */
export function auditChanges(
  entry: Pick<AuditEntry, 'before' | 'after'>,
  people: PeopleById = new Map(),
): AuditChange[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const changes: AuditChange[] = [];
  for (const field of fields) {
    if (SKIPPED.has(field)) continue;
    const was = show(field, before[field], people);
    const now = show(field, after[field], people);
    if (was === now) continue;
    changes.push({ field, label: FIELDS[field] ?? field, before: was, after: now });
  }
  return changes;
}
