/** What the bell is called, with the unread count in words (its badge shows the number). */
export function bellLabel(unread: number): string {
  if (unread === 0) return 'Notificações: nenhuma não lida';
  return `Notificações: ${unread} não ${unread === 1 ? 'lida' : 'lidas'}`;
}
