import type { CreatorTokenInfo } from '@copaiba/contracts';
import { ConfirmModal } from '@/components/confirm-modal';
import { errorMessage } from '@/lib/api-error';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useIssueToken } from '../api/issue-token';

interface IssueTokenModalProps {
  token: CreatorTokenInfo | null;
  onClose: () => void;
}

/** docs/product.md §2: 'Emitir Token' — 'Atenção', the question, Sim/Não; §8: errors prefixed. */
export function IssueTokenModal({ token, onClose }: IssueTokenModalProps) {
  const issue = useIssueToken();
  const confirm = () => {
    if (!token) return;
    issue.mutate(token.token_id, {
      onSuccess: (answer) => {
        notifySuccess(answer.message);
        onClose();
      },
      onError: (error) => {
        notifyError(`Erro ao emitir token: ${errorMessage(error)}`);
        onClose();
      },
    });
  };
  return (
    <ConfirmModal
      opened={token !== null}
      title="Emitir Token"
      heading="Atenção"
      confirmLabel="Sim"
      cancelLabel="Não"
      loading={issue.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      Você tem certeza de que deseja emitir este token?
      {token && (
        <span style={{ display: 'block', marginTop: 6, color: 'var(--mantine-color-dimmed)' }}>
          {token.token_name} ({token.symbol}) abrirá para captação pública.
        </span>
      )}
    </ConfirmModal>
  );
}
