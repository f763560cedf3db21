import { describe, expect, it } from 'vitest';
import {
  projectFormDefaults,
  projectFormSchema,
  type ProjectFormValues,
} from './project-form-schema';

const required: Partial<ProjectFormValues> = {
  benefited_families: '120 famílias',
  production_area_size: '2.400 ha',
  arl_size: '1.900 ha',
  territory: 'Breves (PA)',
  production_volume: '900 t/ano',
  covered_sdgs: 'ODS 2, 8 e 15',
  talk_about_people_involved: 'Ribeirinhos.',
  guarantees: 'Recebíveis.',
  risks: 'Clima.',
  video_link: 'https://www.youtube.com/watch?v=abc',
};

describe('projectFormSchema', () => {
  it("requires the Termo de Emissão with the product's words, unless stored", () => {
    const values = { ...projectFormDefaults(), ...required };
    const result = projectFormSchema().safeParse(values);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['token_issuance_term', 'Termo de Emissao está ausente.'],
    ]);
    expect(
      projectFormSchema({ token_issuance_term: '/media/docs/t.pdf' }).safeParse(values).success,
    ).toBe(true);
  });

  it('leaves the optional texts and videos empty, but checks a video link typed', () => {
    const stored = { token_issuance_term: '/media/docs/t.pdf' };
    const values = { ...projectFormDefaults(), ...required, video_link2: 'não é link' };
    const result = projectFormSchema(stored).safeParse(values);
    expect(result.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['video_link2', 'Informe o link do vídeo (https://…).'],
    ]);
  });

  it('loads nulls of a stored project as empty text', () => {
    const defaults = projectFormDefaults({
      ...(required as Record<string, string>),
      token_id: 1,
      talk_about_people_involved2: null,
      talk_about_people_involved3: null,
      video_link2: null,
      video_link3: null,
      name_representative2: null,
      summary_representative2: null,
      photography_representative2: null,
      name_representative3: null,
      summary_representative3: null,
      photography_representative3: null,
      token_issuance_term: '/media/docs/t.pdf',
      deed_of_credit: null,
      project_photography: null,
      project_photography2: null,
      project_photography3: null,
      impact_summary: null,
      impact_summary2: null,
      impact_summary3: null,
    } as never);
    expect(defaults.video_link2).toBe('');
    expect(defaults.token_issuance_term).toBeNull();
  });
});
