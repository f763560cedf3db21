import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router';
import { GuestOnly } from './guards/guest-only';
import { HomeRoute } from './guards/home-route';
import { RequireAuth } from './guards/require-auth';
import { RequireRole } from './guards/require-role';
import { AccountLayout } from './layouts/account-layout';
import { PrivateLayout } from './layouts/private-layout';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { RouteErrorBoundary } from './route-error-boundary';

/** Every screen is its own chunk, so / loads only the shell and the landing page. */
const pages = {
  home: lazy(() => import('@/features/landing/pages/home-page')),
  tokenDetail: lazy(() => import('@/features/tokens/pages/token-detail-page')),
  issuerDetail: lazy(() => import('@/features/issuers/pages/issuer-detail-page')),
  contact: lazy(() => import('@/features/support/pages/contact-page')),
  login: lazy(() => import('@/features/auth/pages/login-page')),
  register: lazy(() => import('@/features/auth/pages/register-page')),
  confirmAccount: lazy(() => import('@/features/auth/pages/confirm-account-page')),
  passwordRecovery: lazy(() => import('@/features/auth/pages/password-recovery-page')),
  changePassword: lazy(() => import('@/features/auth/pages/change-password-page')),
  logout: lazy(() => import('@/features/auth/pages/logout-page')),
  wallet: lazy(() => import('@/features/wallet/pages/wallet-page')),
  twoFactor: lazy(() => import('@/features/wallet/pages/two-factor-page')),
  withdraw: lazy(() => import('@/features/wallet/pages/withdraw-page')),
  withdrawConfirmation: lazy(() => import('@/features/wallet/pages/withdraw-confirmation-page')),
  deposit: lazy(() => import('@/features/wallet/pages/deposit-page')),
  depositQr: lazy(() => import('@/features/wallet/pages/deposit-qr-page')),
  operationRealized: lazy(() => import('@/features/wallet/pages/operation-realized-page')),
  extract: lazy(() => import('@/features/wallet/pages/extract-page')),
  incomeReport: lazy(() => import('@/features/wallet/pages/income-report-page')),
  privacy: lazy(() => import('@/features/privacy/pages/privacy-page')),
  devices: lazy(() => import('@/features/security/pages/devices-page')),
  accountActivity: lazy(() => import('@/features/security/pages/account-activity-page')),
  notifications: lazy(() => import('@/features/notifications/pages/notifications-page')),
  investorProfile: lazy(() => import('@/features/investor/pages/investor-profile-page')),
  mural: lazy(() => import('@/features/market/pages/mural-page')),
  listAllTokens: lazy(() => import('@/features/tokens/pages/list-all-tokens-page')),
  listAllPrivateTokens: lazy(() => import('@/features/tokens/pages/list-all-private-tokens-page')),
  registerIssuer: lazy(() => import('@/features/issuers/pages/register-issuer-page')),
  updateIssuer: lazy(() => import('@/features/issuers/pages/update-issuer-page')),
  registerToken: lazy(() => import('@/features/creator/pages/register-token-page')),
  registerProject: lazy(() => import('@/features/creator/pages/register-project-page')),
  registeredTokenList: lazy(() => import('@/features/creator/pages/registered-token-list-page')),
  accessControl: lazy(() => import('@/features/admin/pages/access-control-page')),
  userManagement: lazy(() => import('@/features/admin/pages/user-management-page')),
  auditLog: lazy(() => import('@/features/admin/pages/audit-log-page')),
  adminUserInfo: lazy(() => import('@/features/admin/pages/user-info-page')),
  adminIssuerInfo: lazy(() => import('@/features/admin/pages/issuer-info-page')),
  adminTokenInfo: lazy(() => import('@/features/admin/pages/token-info-page')),
  adminProjectInfo: lazy(() => import('@/features/admin/pages/project-info-page')),
  projectManagement: lazy(() => import('@/features/manager/pages/project-management-page')),
  notFound: lazy(() => import('./pages/not-found-page')),
};

function page(Page: LazyExoticComponent<ComponentType>) {
  return <Page />;
}

/** docs/product.md §2. Guards: GuestOnly → '/', RequireAuth → '/login' (or '/'), RequireRole → '/'. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      // Acts at once, without the layout spinner: remove the tokens and go to /.
      { path: 'logout', element: page(pages.logout) },
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <HomeRoute>{page(pages.home)}</HomeRoute> },
          { path: 'detail-token-issuer/:id', element: page(pages.tokenDetail) },
          { path: 'issuer-detail/:id', element: page(pages.issuerDetail) },
          { path: 'contact', element: page(pages.contact) },
          {
            element: <GuestOnly />,
            children: [
              {
                element: <AccountLayout />,
                children: [
                  { path: 'login', element: page(pages.login) },
                  { path: 'register', element: page(pages.register) },
                  { path: 'confirmation-account', element: page(pages.confirmAccount) },
                  { path: 'password-recovery', element: page(pages.passwordRecovery) },
                  { path: 'change-password', element: page(pages.changePassword) },
                ],
              },
            ],
          },
          { path: '*', element: page(pages.notFound) },
        ],
      },
      {
        element: <PrivateLayout />,
        children: [
          {
            // docs/product.md §2: /registered-token-list sends a logged-out visitor to /, not /login.
            element: <RequireAuth redirectTo="/" />,
            children: [
              {
                element: <RequireRole role="is_token_creator" />,
                children: [
                  { path: 'registered-token-list', element: page(pages.registeredTokenList) },
                ],
              },
            ],
          },
          {
            element: <RequireAuth redirectTo="/login" />,
            children: [
              { path: 'wallet', element: page(pages.wallet) },
              { path: 'two-factor', element: page(pages.twoFactor) },
              { path: 'withdraw', element: page(pages.withdraw) },
              { path: 'withdrawConfirmation', element: page(pages.withdrawConfirmation) },
              { path: 'deposit', element: page(pages.deposit) },
              { path: 'depositQR', element: page(pages.depositQr) },
              { path: 'operation-realized', element: page(pages.operationRealized) },
              { path: 'extract', element: page(pages.extract) },
              { path: 'income-report', element: page(pages.incomeReport) },
              { path: 'privacy', element: page(pages.privacy) },
              { path: 'devices', element: page(pages.devices) },
              { path: 'account-activity', element: page(pages.accountActivity) },
              { path: 'notifications', element: page(pages.notifications) },
              { path: 'investor-profile', element: page(pages.investorProfile) },
              { path: 'mural', element: page(pages.mural) },
              { path: 'list-all-tokens', element: page(pages.listAllTokens) },
              { path: 'list-all-private-tokens', element: page(pages.listAllPrivateTokens) },
              { path: 'register-issuer', element: page(pages.registerIssuer) },
              {
                element: <RequireRole role="is_token_creator" />,
                children: [
                  { path: 'update-issuer', element: page(pages.updateIssuer) },
                  { path: 'register-token', element: page(pages.registerToken) },
                  { path: 'register-project', element: page(pages.registerProject) },
                ],
              },
              {
                element: <RequireRole role="is_admin" />,
                children: [
                  { path: 'access-control', element: page(pages.accessControl) },
                  { path: 'access-control/audit-log', element: page(pages.auditLog) },
                  { path: 'access-control/:id', element: page(pages.userManagement) },
                  { path: 'access-control/:id/user', element: page(pages.adminUserInfo) },
                  { path: 'access-control/:id/issuer', element: page(pages.adminIssuerInfo) },
                  {
                    path: 'access-control/:id/token/:tokenId',
                    element: page(pages.adminTokenInfo),
                  },
                  {
                    path: 'access-control/:id/project/:tokenId',
                    element: page(pages.adminProjectInfo),
                  },
                ],
              },
              {
                element: <RequireRole role="is_project_manager" />,
                children: [{ path: 'project-management', element: page(pages.projectManagement) }],
              },
            ],
          },
        ],
      },
    ],
  },
];

/**
 * The route table in react-router's declarative mode: its data router (loaders, actions, its
 * ScrollRestoration and errorElement) was 17 KB gzip of the entry, for none of which the screens
 * ask (docs/PERFORMANCE.md, "Initial JavaScript of /").
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  return <RouteErrorBoundary at={pathname}>{useRoutes(routes)}</RouteErrorBoundary>;
}
