import { closeAccountBody, privacyMessages } from '@copaiba/contracts';
import { Button, Group, Input, List, PasswordInput, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CodeBoxes, isCodeComplete } from '@/components/code-boxes';
import { ConfirmModal } from '@/components/confirm-modal';
import { FormPage } from '@/components/form-page';
import { FormSection } from '@/components/form-section';
import { errorMessage, fieldErrors, isApiError } from '@/lib/api-error';
import { useCurrentUser } from '@/lib/current-user';
import { notifyError, notifySuccess } from '@/lib/notify';
import { closeAccount, downloadMyData } from '../api/privacy';
import { ConsentsCard } from '../components/consents-card';

interface Errors {
  password?: string;
  token?: string;
}

/** /privacy: the rights of LGPD art. 18 — take your data, see your consents, close your account. */
export default function PrivacyPage() {
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const twoFactor = user?.is_two_factor_authentication ?? false;
  const [downloading, setDownloading] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [confirming, setConfirming] = useState(false);
  const [closing, setClosing] = useState(false);

  async function download() {
    setDownloading(true);
    try {
      await downloadMyData();
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setDownloading(false);
    }
  }

  const body = () => ({ password, ...(twoFactor ? { token: code } : {}) });

  /** Checks the form with the API's own schema before asking for confirmation. */
  function askToClose() {
    const next: Errors = {};
    const parsed = closeAccountBody.safeParse(body());
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Errors;
        next[field] ??= issue.message;
      }
    }
    if (twoFactor && !isCodeComplete(code)) next.token = privacyMessages.codeRequired;
    setErrors(next);
    if (Object.keys(next).length === 0) setConfirming(true);
  }

  async function close() {
    setClosing(true);
    try {
      const result = await closeAccount(body());
      notifySuccess(result.message);
      // The server already ended every session: /logout removes the tokens and goes to /.
      await navigate('/logout', { replace: true });
    } catch (error) {
      setConfirming(false);
      if (isApiError(error) && error.status === 400) {
        const fields = fieldErrors(error.body);
        setErrors({ password: fields.password, token: fields.token });
        if (fields.token) setCode('');
      }
      notifyError(errorMessage(error));
    } finally {
      setClosing(false);
    }
  }

  return (
    <FormPage
      title="Privacidade e dados"
      description="Pela Lei Geral de Proteção de Dados (LGPD, art. 18), você pode baixar os seus dados ou encerrar a sua conta quando quiser."
    >
      <FormSection
        title="Baixar meus dados"
        description="Um arquivo JSON com seu cadastro, seus papéis na plataforma, saldo, ativos, extrato completo, cobranças Pix, saques, consentimentos, perfil de investidor e o estado da autenticação de dois fatores. Senhas e chaves secretas nunca entram no arquivo."
      >
        <Group>
          <Button
            leftSection={<IconDownload size={18} />}
            onClick={() => void download()}
            loading={downloading}
          >
            Baixar meus dados
          </Button>
        </Group>
      </FormSection>

      <ConsentsCard />

      <FormSection title="Encerrar conta" description="Encerrar a conta não pode ser desfeito.">
        <List size="sm" spacing={6} c="dark.6">
          <List.Item>
            Seu nome, e-mail, CPF/CNPJ e data de nascimento são substituídos por dados anônimos, e
            você sai de todos os dispositivos.
          </List.Item>
          <List.Item>
            O extrato, as cobranças Pix, os saques e os ativos continuam guardados, sem identificar
            você, pelo prazo que a lei exige (LGPD, art. 16).
          </List.Item>
          <List.Item>
            Antes, saque todo o saldo e aguarde o fim dos investimentos em andamento.
          </List.Item>
          <List.Item>O mesmo e-mail e CPF/CNPJ podem criar uma conta nova depois.</List.Item>
        </List>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            askToClose();
          }}
        >
          <Stack gap="md" maw={360}>
            <PasswordInput
              label="Senha"
              description="Confirme com a senha da sua conta."
              autoComplete="current-password"
              value={password}
              error={errors.password}
              onChange={(event) => {
                setPassword(event.currentTarget.value);
                setErrors((e) => ({ ...e, password: undefined }));
              }}
            />
            {twoFactor && (
              <div>
                {/* Sized like the password field's label (the boxes only announce theirs). */}
                <Input.Label size="md" component="div">
                  Código de autenticação
                </Input.Label>
                <Input.Description size="md" mb={8}>
                  Digite o código de 6 dígitos do seu app autenticador.
                </Input.Description>
                <CodeBoxes
                  value={code}
                  onChange={(value) => {
                    setCode(value);
                    setErrors((e) => ({ ...e, token: undefined }));
                  }}
                  label="Código de autenticação"
                  error={errors.token}
                />
              </div>
            )}
            <Group>
              <Button type="submit" color="red">
                Encerrar conta
              </Button>
            </Group>
          </Stack>
        </form>
      </FormSection>

      <ConfirmModal
        opened={confirming}
        title="Encerrar conta"
        heading="Atenção"
        confirmLabel="Sim, encerrar conta"
        cancelLabel="Cancelar"
        confirmColor="red"
        loading={closing}
        onConfirm={() => void close()}
        onClose={() => setConfirming(false)}
      >
        Tem certeza de que deseja encerrar sua conta? Seus dados pessoais serão anonimizados e esta
        ação não pode ser desfeita.
      </ConfirmModal>
    </FormPage>
  );
}
