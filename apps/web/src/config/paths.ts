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
  /** The link mailed to a new e-mail address; outside user/*, whose visitors must be signed out. */
  confirmEmailChange: '/confirm-email-change',
  /** An invitation's mailed link (`?token=`); signed in or not, so outside user/* as well. */
  invitation: '/invitation',
  /** A share link: one inspection for a visitor without an account, outside the app's shell. */
  shared: (token: string) => `/shared/${encodeURIComponent(token)}`,
  legal: {
    terms: '/legal/terms-of-use/',
    privacy: '/legal/privacy-policy/',
    imprint: '/legal/imprint/',
  },
  app: {
    projects: '/projects/',
    project: (projectId: number) => `/projects/${projectId}/`,
    projectImage: (projectId: number, imageId: number) => `/projects/${projectId}/images/${imageId}/`,
    reviewQueue: (projectId: number) => `/projects/${projectId}/review/`,
    vessels: '/vessels/',
    vessel: (vesselId: number) => `/vessels/${vesselId}/`,
    cleaningComparison: (vesselId: number, cleaningId: number) =>
      `/vessels/${vesselId}/cleanings/${cleaningId}/`,
    transactions: '/transactions/',
    account: '/account/',
    organisation: '/organisation/',
    audit: '/organisation/audit/',
    agreement: '/organisation/agreement/',
    webhooks: '/organisation/webhooks/',
    apiKeys: '/organisation/api-keys/',
    gettingStarted: '/gettingStarted/',
    help: '/help/',
  },
} as const;
