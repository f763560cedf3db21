import {
  investorMessages,
  investorProfileBody,
  todayInSaoPaulo,
  type InvestorProfile,
} from '@copaiba/contracts';
import {
  Alert,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { FigureGrid } from '@/components/figure-grid';
import { FormPage } from '@/components/form-page';
import { FormSection } from '@/components/form-section';
import { MoneyInput } from '@/components/decimal-input';
import { errorMessage, fieldErrors, isApiError } from '@/lib/api-error';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useInvestorProfile } from '@/lib/investor-protection';
import { notifyError, notifySuccess } from '@/lib/notify';
import { investorKeys } from '@/lib/query-keys';
import { saveInvestorProfile, type InvestorProfilePayload } from '../api/save-investor-profile';

type Field = keyof InvestorProfilePayload;
type Errors = Partial<Record<Field, string>>;

const FIELDS: Field[] = [
  'annual_income',
  'financial_investments',
  'invested_elsewhere_this_year',
  'is_qualified_investor',
];

/** The year's limit as figures: the limit, what was used here and elsewhere, what is left. */
function LimitFigures({ profile }: { profile: InvestorProfile }) {
  const unlimited = profile.annual_limit === null;
  return (
    <FigureGrid
      minColumn={160}
      items={[
        {
          label: 'Limite anual',
          value: unlimited ? 'Sem limite' : formatMoney(profile.annual_limit),
        },
        { label: 'Investido na Copaíba este ano', value: formatMoney(profile.invested_this_year) },
        {
          label: 'Investido em outras plataformas',
          value: formatMoney(profile.invested_elsewhere_this_year),
        },
        {
          label: 'Disponível para investir',
          value: unlimited ? 'Sem limite' : formatMoney(profile.remaining_annual_limit),
          highlight: true,
        },
      ]}
    />
  );
}

/** The form, filled with the latest declaration (or empty before the first). */
function ProfileForm({ profile }: { profile: InvestorProfile }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<InvestorProfilePayload>({
    annual_income: profile.annual_income ?? '',
    financial_investments: profile.financial_investments ?? '',
    invested_elsewhere_this_year: profile.declared_at ? profile.invested_elsewhere_this_year : '',
    is_qualified_investor: profile.is_qualified_investor,
  });
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  function set<K extends Field>(field: K, value: InvestorProfilePayload[K]) {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The API's own schema first: the same messages, without a round trip.
    const parsed = investorProfileBody.safeParse(values);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as Field] ??= issue.message;
      setErrors(next);
      return;
    }
    setSaving(true);
    try {
      const saved = await saveInvestorProfile(values);
      queryClient.setQueryData(investorKeys.profile, saved);
      notifySuccess(investorMessages.declared);
    } catch (error) {
      if (isApiError(error) && error.status === 400) {
        const fields = fieldErrors(error.body);
        setErrors(Object.fromEntries(FIELDS.map((f) => [f, fields[f]])));
      }
      notifyError(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <MoneyInput
            label="Renda bruta anual"
            description="Tudo o que você recebe em um ano, antes dos impostos."
            value={values.annual_income}
            onChange={(v) => set('annual_income', v)}
            error={errors.annual_income}
            required
          />
          <MoneyInput
            label="Aplicações financeiras"
            description="O total investido hoje (poupança, CDB, fundos, ações…)."
            value={values.financial_investments}
            onChange={(v) => set('financial_investments', v)}
            error={errors.financial_investments}
            required
          />
          <MoneyInput
            label="Investido em outras plataformas neste ano"
            description="Em ofertas de crowdfunding de outras plataformas, desde 1º de janeiro."
            value={values.invested_elsewhere_this_year}
            onChange={(v) => set('invested_elsewhere_this_year', v)}
            error={errors.invested_elsewhere_this_year}
            required
          />
        </SimpleGrid>
        <Checkbox
          label="Declaro que sou investidor qualificado: tenho mais de R$ 1.000.000,00 em aplicações financeiras e atesto essa condição por escrito."
          checked={values.is_qualified_investor}
          onChange={(event) => set('is_qualified_investor', event.currentTarget.checked)}
          error={errors.is_qualified_investor}
        />
        <Group>
          <Button type="submit" loading={saving}>
            Salvar perfil
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /investor-profile 'Perfil de Investidor' (docs/product.md §15): the declaration and the year's limit. */
export default function InvestorProfilePage() {
  const profile = useInvestorProfile();

  return (
    <FormPage
      title="Perfil de Investidor"
      description="Pela Resolução CVM nº 88, quem não é investidor qualificado pode investir até um limite por ano em ofertas de crowdfunding. Seus dados definem o seu limite."
    >
      {profile.isError ? (
        <ErrorState message={errorMessage(profile.error)} onRetry={() => void profile.refetch()} />
      ) : !profile.data ? (
        <Center py="xl">
          <Loader role="status" aria-label="Carregando perfil de investidor" />
        </Center>
      ) : (
        <>
          <FormSection
            title={`Seu limite em ${todayInSaoPaulo().slice(0, 4)}`}
            description={
              profile.data.declared_at
                ? `Declaração de ${formatDateTime(profile.data.declared_at)}.`
                : 'Você ainda não declarou seu perfil: vale o limite geral.'
            }
          >
            <LimitFigures profile={profile.data} />
            <Alert variant="light" radius="md" icon={<IconInfoCircle size={20} />}>
              <Text size="sm">
                Quem não é investidor qualificado tem um limite geral por ano, somando o que
                investiu aqui e em outras plataformas. Se sua renda bruta anual ou suas aplicações
                financeiras passam de {'R$\u00a0200.000,00'}, o limite é 10% do maior desses
                valores. Investidores qualificados não têm limite. Compras desfeitas ou reembolsadas
                não contam. Veja suas compras em{' '}
                <Text component={Link} to="/wallet" inherit c="copaiba.8" fw={600}>
                  Minha Carteira
                </Text>
                .
              </Text>
            </Alert>
          </FormSection>
          <FormSection
            title="Sua declaração"
            description="Cada declaração fica guardada com data, hora e origem; a mais recente vale."
          >
            <ProfileForm key={profile.data.declared_at ?? 'new'} profile={profile.data} />
          </FormSection>
        </>
      )}
    </FormPage>
  );
}
