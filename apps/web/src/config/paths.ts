/** Every route of the app in one place (spec §2); links and redirects use these, never literals. */
export const paths = {
  home: '/',
  auth: {
    login: '/user/login',
    register: '/user/register',
    finalizeRegistration: '/user/finalize-registration',
    confirmRegistration: '/user/confirm-registration',
    requestPasswordReset: '/user/request-password-reset',
    resetPassword: '/user/reset-password',
  },
  legal: {
    terms: '/legal/terms-of-use/',
    privacy: '/legal/privacy-policy/',
    imprint: '/legal/imprint/',
  },
  app: {
    projects: '/projects/',
    transactions: '/transactions/',
    account: '/account/',
    gettingStarted: '/gettingStarted/',
    help: '/help/',
  },
} as const;
