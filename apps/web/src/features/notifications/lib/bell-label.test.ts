import { describe, expect, it } from 'vitest';
import { bellLabel } from './bell-label';

describe('bellLabel', () => {
  it.each([
    [0, 'Notificações: nenhuma não lida'],
    [1, 'Notificações: 1 não lida'],
    [2, 'Notificações: 2 não lidas'],
    [140, 'Notificações: 140 não lidas'],
  ])('names the bell with %i unread', (unread, name) => {
    expect(bellLabel(unread)).toBe(name);
  });
});
