import type { ManagerProject } from '@copaiba/contracts';
import { useState } from 'react';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useSendReports } from '../api/send-reports';

/** Shown when sending fails: docs/product.md §8 ignores these errors; a person should still know. */
export const SEND_FAILED = 'Não foi possível enviar os relatórios.';

export type ReportKind = 'report' | 'indicators';
export type ReportDraft = Record<ReportKind, File | null>;

const NOTHING_CHOSEN: ReportDraft = { report: null, indicators: null };

/**
 * The PDFs chosen for each project of the page and the sendings under way, kept by the page and
 * not by its rows: the page draws a table or cards by the screen's width, and a tablet turned
 * across that width would otherwise forget what was chosen (and the sending's outcome).
 */
export function useReportDrafts() {
  const [drafts, setDrafts] = useState<Record<number, ReportDraft>>({});
  const [sending, setSending] = useState<ReadonlySet<number>>(new Set());
  const send = useSendReports();
  const update = (tokenId: number, change: Partial<ReportDraft>) =>
    setDrafts((current) => ({
      ...current,
      [tokenId]: { ...(current[tokenId] ?? NOTHING_CHOSEN), ...change },
    }));
  const markSending = (tokenId: number, on: boolean) =>
    setSending((current) => {
      const next = new Set(current);
      if (on) next.add(tokenId);
      else next.delete(tokenId);
      return next;
    });

  return {
    draftOf: (project: ManagerProject): ReportDraft => drafts[project.id_token] ?? NOTHING_CHOSEN,
    choose: (project: ManagerProject, kind: ReportKind, file: File | null) =>
      update(project.id_token, { [kind]: file }),
    isSending: (project: ManagerProject) => sending.has(project.id_token),
    async send(project: ManagerProject) {
      const tokenId = project.id_token;
      const draft = drafts[tokenId] ?? NOTHING_CHOSEN;
      markSending(tokenId, true);
      try {
        const answer = await send.mutateAsync({ tokenId, ...draft });
        notifySuccess(answer.message);
        update(tokenId, NOTHING_CHOSEN);
      } catch {
        notifyError(SEND_FAILED);
      } finally {
        markSending(tokenId, false);
      }
    },
  };
}

export type ReportDrafts = ReturnType<typeof useReportDrafts>;
