import {
  IconDevices,
  IconHistory,
  IconReportMoney,
  IconShieldCheck,
  IconShieldLock,
  type Icon,
} from '@tabler/icons-react';

/**
 * The account's own screens, in the desktop user menu and the phone's drawer alike ('Sair' follows
 * them in both): the investor profile, privacy and the security screens (docs/product.md §19).
 */
export const ACCOUNT_LINKS: Array<{ to: string; label: string; icon: Icon }> = [
  { to: '/investor-profile', label: 'Perfil de Investidor', icon: IconReportMoney },
  { to: '/privacy', label: 'Privacidade e dados', icon: IconShieldLock },
  { to: '/two-factor', label: 'Autenticação em dois fatores', icon: IconShieldCheck },
  { to: '/devices', label: 'Dispositivos conectados', icon: IconDevices },
  { to: '/account-activity', label: 'Atividade da conta', icon: IconHistory },
];
