import { describe, expect, it } from 'vitest';
import { auditActionLabel, auditChanges, auditTargetLabel } from './audit-summary';

describe('audit labels', () => {
  it('names the actions in pt-BR and keeps unknown ones', () => {
    expect(auditActionLabel('issue_token')).toBe('Emissão de token');
    expect(auditActionLabel('grant_roles')).toBe('Alteração de papéis');
    expect(auditActionLabel('assign_manager')).toBe('Atribuição de gestor');
    expect(auditActionLabel('something_else')).toBe('something_else');
  });

  it('names the target', () => {
    expect(auditTargetLabel({ target_type: 'user', target_id: 4 })).toBe('Usuário #4');
    expect(auditTargetLabel({ target_type: 'token', target_id: 9 })).toBe('Token #9');
  });
});

describe('auditChanges', () => {
  it('summarises an issuance without repeating the date', () => {
    expect(
      auditChanges({
        before: { status: 'released', offer_status: null },
        after: { status: 'issued', offer_status: 'funding', issued_at: '2026-05-21T13:00:00Z' },
      }),
    ).toEqual([
      { field: 'status', label: 'Situação', before: 'Liberado', after: 'Emitido' },
      { field: 'offer_status', label: 'Oferta', before: '—', after: 'Em captação' },
    ]);
  });

  it("summarises the forum's moderation: a question hidden", () => {
    expect(auditActionLabel('hide_question')).toBe('Pergunta ocultada');
    expect(auditTargetLabel({ target_type: 'question', target_id: 7 })).toBe('Pergunta #7');
    expect(
      auditChanges({
        before: { hidden: false, token_id: 3 },
        after: { hidden: true, token_id: 3 },
      }),
    ).toEqual([
      { field: 'hidden', label: 'Oculta para os investidores', before: 'Não', after: 'Sim' },
    ]);
  });

  it('lists only the roles that changed', () => {
    expect(
      auditChanges({
        before: { is_token_creator: true, is_project_manager: false },
        after: { is_token_creator: true, is_project_manager: true },
      }),
    ).toEqual([
      { field: 'is_project_manager', label: 'Gestor de projeto', before: 'Não', after: 'Sim' },
    ]);
  });

  it('shows a manager by name when known, by number otherwise', () => {
    const people = new Map([[7, 'Carla Gestora']]);
    expect(
      auditChanges(
        { before: { project_manager_id: null }, after: { project_manager_id: 7 } },
        people,
      ),
    ).toEqual([
      {
        field: 'project_manager_id',
        label: 'Gestor do projeto',
        before: '—',
        after: 'Carla Gestora',
      },
    ]);
    expect(
      auditChanges({ before: { project_manager_id: 3 }, after: { project_manager_id: 8 } })[0],
    ).toMatchObject({ before: 'Usuário #3', after: 'Usuário #8' });
  });

  it('copes with missing sides', () => {
    expect(auditChanges({ before: null, after: null })).toEqual([]);
    expect(auditChanges({ before: null, after: { status: 'issued' } })).toEqual([
      { field: 'status', label: 'Situação', before: '—', after: 'Emitido' },
    ]);
  });
});
