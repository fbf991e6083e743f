import type { ReactNode } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { NotFound } from '@/components/ui/not-found';
import { ConfirmEmailChange } from '@/features/account/components/confirm-email-change';
import { ConfirmRegistration } from '@/features/auth/components/confirm-registration';
import { FinalizeRegistration } from '@/features/auth/components/finalize-registration';
import { LoginForm } from '@/features/auth/components/login-form';
import { RegisterForm } from '@/features/auth/components/register-form';
import { RequestPasswordResetForm } from '@/features/auth/components/request-password-reset-form';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { GettingStartedGuide } from '@/features/guides/components/getting-started-guide';
import { HelpArticle } from '@/features/guides/components/help-article';
import { Imprint } from '@/features/legal/components/imprint';
import { LicenseTerms } from '@/features/legal/components/license-terms';
import { PrivacyPolicy } from '@/features/legal/components/privacy-policy';
import { TermsOfUse } from '@/features/legal/components/terms-of-use';
import { RedirectIfAuthenticated, RequireAuth } from './guards';
import { LegalLayout } from './layouts/legal-layout';
import { RootLayout } from './layouts/root-layout';
import { ShellLayout } from './layouts/shell-layout';
import { AccountRoute } from './routes/account';
import { ProjectsRoute } from './routes/projects';
import { TransactionsRoute } from './routes/transactions';
import { VesselRoute } from './routes/vessel';
import { VesselsRoute } from './routes/vessels';

/** A shell section with only an index page; deeper paths show 'Not Found' (spec §2.3). */
function indexOnly(path: string, page: ReactNode): RouteObject {
  return {
    path,
    children: [
      { index: true, element: page },
      { path: '*', element: <NotFound /> },
    ],
  };
}

export const routeTree: RouteObject[] = [
  {
    element: <RootLayout />,
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
          { path: 'login', element: <LoginForm /> },
          { path: 'register', element: <RegisterForm /> },
          { path: 'finalize-registration', element: <FinalizeRegistration /> },
          { path: 'confirm-registration', element: <ConfirmRegistration /> },
          { path: 'request-password-reset', element: <RequestPasswordResetForm /> },
          { path: 'reset-password', element: <ResetPasswordForm /> },
          { path: '*', element: <NotFound /> },
        ],
      },
      {
        // Opened from the mail, often in the browser that is signed in: not under user/*, which sends
        // signed-in visitors away (spec §2.1).
        path: 'confirm-email-change',
        element: (
          <AuthLayout>
            <ConfirmEmailChange />
          </AuthLayout>
        ),
      },
      {
        path: 'legal',
        element: <LegalLayout />,
        children: [
          { index: true, element: <TermsOfUse /> },
          { path: 'terms-of-use', element: <TermsOfUse /> },
          { path: 'privacy-policy', element: <PrivacyPolicy /> },
          { path: 'license-terms', element: <LicenseTerms /> },
          { path: 'imprint', element: <Imprint /> },
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
          { index: true, element: <ProjectsRoute /> },
          indexOnly('projects', <ProjectsRoute />),
          {
            path: 'vessels',
            children: [
              { index: true, element: <VesselsRoute /> },
              { path: ':vesselId', element: <VesselRoute /> },
              { path: '*', element: <NotFound /> },
            ],
          },
          indexOnly('transactions', <TransactionsRoute />),
          indexOnly('account', <AccountRoute />),
          indexOnly('gettingStarted', <GettingStartedGuide />),
          indexOnly('help', <HelpArticle />),
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routeTree);
