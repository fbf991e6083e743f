import type { ComponentType } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { NotFound } from '@/components/ui/not-found';
import { RedirectIfAuthenticated, RequireAuth } from './guards';
import { LegalLayout } from './layouts/legal-layout';
import { RootLayout } from './layouts/root-layout';
import { ShellLayout } from './layouts/shell-layout';

/**
 * A route whose page is loaded on demand (issue 21): the first visit downloads only the shell and
 * the page it opens; the router fetches a page's chunk before it renders it.
 */
function lazyPage<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

const pages = {
  login: lazyPage(
    () => import('@/features/auth/components/login-form'),
    (m) => m.LoginForm,
  ),
  register: lazyPage(
    () => import('@/features/auth/components/register-form'),
    (m) => m.RegisterForm,
  ),
  finalizeRegistration: lazyPage(
    () => import('@/features/auth/components/finalize-registration'),
    (m) => m.FinalizeRegistration,
  ),
  confirmRegistration: lazyPage(
    () => import('@/features/auth/components/confirm-registration'),
    (m) => m.ConfirmRegistration,
  ),
  requestPasswordReset: lazyPage(
    () => import('@/features/auth/components/request-password-reset-form'),
    (m) => m.RequestPasswordResetForm,
  ),
  resetPassword: lazyPage(
    () => import('@/features/auth/components/reset-password-form'),
    (m) => m.ResetPasswordForm,
  ),
  confirmEmailChange: lazyPage(
    () => import('@/features/account/components/confirm-email-change'),
    (m) => m.ConfirmEmailChange,
  ),
  terms: lazyPage(
    () => import('@/features/legal/components/terms-of-use'),
    (m) => m.TermsOfUse,
  ),
  privacy: lazyPage(
    () => import('@/features/legal/components/privacy-policy'),
    (m) => m.PrivacyPolicy,
  ),
  license: lazyPage(
    () => import('@/features/legal/components/license-terms'),
    (m) => m.LicenseTerms,
  ),
  imprint: lazyPage(
    () => import('@/features/legal/components/imprint'),
    (m) => m.Imprint,
  ),
  projects: lazyPage(
    () => import('./routes/projects'),
    (m) => m.ProjectsRoute,
  ),
  reviewQueue: lazyPage(
    () => import('./routes/review-queue'),
    (m) => m.ReviewQueueRoute,
  ),
  vessels: lazyPage(
    () => import('./routes/vessels'),
    (m) => m.VesselsRoute,
  ),
  vessel: lazyPage(
    () => import('./routes/vessel'),
    (m) => m.VesselRoute,
  ),
  cleaningComparison: lazyPage(
    () => import('./routes/cleaning-comparison'),
    (m) => m.CleaningComparisonRoute,
  ),
  transactions: lazyPage(
    () => import('./routes/transactions'),
    (m) => m.TransactionsRoute,
  ),
  account: lazyPage(
    () => import('./routes/account'),
    (m) => m.AccountRoute,
  ),
  organisation: lazyPage(
    () => import('./routes/organisation'),
    (m) => m.OrganisationRoute,
  ),
  audit: lazyPage(
    () => import('./routes/audit'),
    (m) => m.AuditRoute,
  ),
  agreement: lazyPage(
    () => import('./routes/agreement'),
    (m) => m.AgreementRoute,
  ),
  webhooks: lazyPage(
    () => import('./routes/webhooks'),
    (m) => m.WebhooksRoute,
  ),
  apiKeys: lazyPage(
    () => import('./routes/api-keys'),
    (m) => m.ApiKeysRoute,
  ),
  invitation: lazyPage(
    () => import('./routes/invitation'),
    (m) => m.InvitationRoute,
  ),
  shared: lazyPage(
    () => import('./routes/shared'),
    (m) => m.SharedRoute,
  ),
  gettingStarted: lazyPage(
    () => import('@/features/guides/components/getting-started-guide'),
    (m) => m.GettingStartedGuide,
  ),
  help: lazyPage(
    () => import('@/features/guides/components/help-article'),
    (m) => m.HelpArticle,
  ),
};

type LazyPage = (typeof pages)[keyof typeof pages];

/** A shell section with only an index page; deeper paths show 'Not Found' (spec §2.3). */
function indexOnly(path: string, page: LazyPage): RouteObject {
  return {
    path,
    children: [
      { index: true, lazy: page },
      { path: '*', element: <NotFound /> },
    ],
  };
}

export const routeTree: RouteObject[] = [
  {
    element: <RootLayout />,
    // Shown while the first page's chunk loads.
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      {
        path: 'user',
        element: (
          <RedirectIfAuthenticated>
            <AuthLayout>
              <Outlet />
            </AuthLayout>
          </RedirectIfAuthenticated>
        ),
        children: [
          { path: 'login', lazy: pages.login },
          { path: 'register', lazy: pages.register },
          { path: 'finalize-registration', lazy: pages.finalizeRegistration },
          { path: 'confirm-registration', lazy: pages.confirmRegistration },
          { path: 'request-password-reset', lazy: pages.requestPasswordReset },
          { path: 'reset-password', lazy: pages.resetPassword },
          { path: '*', element: <NotFound /> },
        ],
      },
      {
        // Opened from the mail, often in the browser that is signed in: not under user/*, which sends
        // signed-in visitors away (spec §2.1).
        path: 'confirm-email-change',
        element: (
          <AuthLayout>
            <Outlet />
          </AuthLayout>
        ),
        children: [{ index: true, lazy: pages.confirmEmailChange }],
      },
      {
        // Opened from the mail by a user signed in or not: the page offers what each needs.
        path: 'invitation',
        element: (
          <AuthLayout>
            <Outlet />
          </AuthLayout>
        ),
        children: [{ index: true, lazy: pages.invitation }],
      },
      // A share link's visitor has no account: no shell, no menu, nothing else of the app.
      { path: 'shared/:token', lazy: pages.shared },
      {
        path: 'legal',
        element: <LegalLayout />,
        children: [
          { index: true, lazy: pages.terms },
          { path: 'terms-of-use', lazy: pages.terms },
          { path: 'privacy-policy', lazy: pages.privacy },
          { path: 'license-terms', lazy: pages.license },
          { path: 'imprint', lazy: pages.imprint },
          { path: '*', element: <NotFound /> },
        ],
      },
      {
        element: (
          <RequireAuth>
            <ShellLayout />
          </RequireAuth>
        ),
        children: [
          { index: true, lazy: pages.projects },
          {
            // The selected project and image live in the URL (issue 22): back, reload and links keep them.
            path: 'projects',
            children: [
              { index: true, lazy: pages.projects },
              { path: ':projectId', lazy: pages.projects },
              { path: ':projectId/images/:imageId', lazy: pages.projects },
              { path: ':projectId/review', lazy: pages.reviewQueue },
              { path: '*', element: <NotFound /> },
            ],
          },
          {
            path: 'vessels',
            children: [
              { index: true, lazy: pages.vessels },
              { path: ':vesselId', lazy: pages.vessel },
              { path: ':vesselId/cleanings/:cleaningId', lazy: pages.cleaningComparison },
              { path: '*', element: <NotFound /> },
            ],
          },
          indexOnly('transactions', pages.transactions),
          indexOnly('account', pages.account),
          {
            path: 'organisation',
            children: [
              { index: true, lazy: pages.organisation },
              { path: 'audit', lazy: pages.audit },
              { path: 'agreement', lazy: pages.agreement },
              { path: 'webhooks', lazy: pages.webhooks },
              { path: 'api-keys', lazy: pages.apiKeys },
              { path: '*', element: <NotFound /> },
            ],
          },
          indexOnly('gettingStarted', pages.gettingStarted),
          indexOnly('help', pages.help),
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routeTree);
