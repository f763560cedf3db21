import type { NotificationItem, NotificationKind } from '@copaiba/contracts';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useNavigate } from 'react-router';
import { formatDateTime } from '@/lib/format';
import { questionKeys, tokenKeys, walletKeys } from '@/lib/query-keys';
import { useMarkRead } from '../api/mark-read';
import classes from './notifications.module.css';

/** What a notification tells about, read again when it is opened (the screen may be showing it). */
const TELLS_ABOUT: Partial<Record<NotificationKind, QueryKey>> = {
  question_answered: questionKeys.all,
  question_received: questionKeys.all,
  deposit_credited: walletKeys.all,
  withdrawal_paid: walletKeys.all,
  withdrawal_reversed: walletKeys.all,
  purchase_confirmed: walletKeys.all,
  desistencia: walletKeys.all,
  offer_failed: walletKeys.all,
  installment_paid: walletKeys.all,
  offer_succeeded: tokenKeys.details,
  project_report: tokenKeys.details,
};

/**
 * Opening a notification marks it read, refreshes what it tells about and goes where it points
 * (its link, if any).
 */
export function useOpenNotification(after?: () => void) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const markRead = useMarkRead();
  return (notification: NotificationItem) => {
    if (notification.read_at === null) markRead.mutate({ ids: [notification.id] });
    const about = TELLS_ABOUT[notification.kind];
    if (about) void queryClient.invalidateQueries({ queryKey: about });
    after?.();
    if (notification.link) void navigate(notification.link);
  };
}

interface NotificationEntryProps {
  notification: NotificationItem;
  onOpen: (notification: NotificationItem) => void;
  /** The bell's list: the body cut at two lines. */
  compact?: boolean;
}

/** One notification: unread ones marked (a dot and bold title, and said so to screen readers). */
export function NotificationEntry({ notification, onOpen, compact }: NotificationEntryProps) {
  const unread = notification.read_at === null;
  return (
    <UnstyledButton
      className={classes.entry}
      data-unread={unread || undefined}
      onClick={() => onOpen(notification)}
    >
      <span className={classes.dot} aria-hidden />
      <span className={classes.entryText}>
        <Text component="span" display="block" size="sm" fw={unread ? 700 : 600} c="copaiba.9">
          {notification.title}
          {unread && <VisuallyHidden> (não lida)</VisuallyHidden>}
        </Text>
        <Text
          component="span"
          display="block"
          size="sm"
          c="gray.7"
          lineClamp={compact ? 2 : undefined}
        >
          {notification.body}
        </Text>
        <Text component="span" display="block" size="xs" c="dimmed" mt={2}>
          {formatDateTime(notification.created_at)}
        </Text>
      </span>
    </UnstyledButton>
  );
}
