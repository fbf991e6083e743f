import { routes } from '@hullscope/contract';
import type { ApiRegistrar } from '../../feature-context.js';
import { authService } from './auth.service.js';

export const registerAuthRoutes: ApiRegistrar = ({ router, db, jwt, mailer, config, log }) => {
  const auth = authService({ db, jwt, mailer, config, log });

  router.add(routes.obtainTokens, ({ body, request }) => auth.login(body, request.ip));

  router.add(routes.refreshToken, ({ body }) => auth.refresh(body.refresh));

  router.add(routes.register, async ({ body, request }) => {
    const outcome = await auth.register(body, request.ip);
    return {
      message:
        outcome === 'joined'
          ? 'Registered successfully. You can now login.'
          : 'Registered successfully. Please check your e-mail to confirm your account.',
    };
  });

  router.add(routes.confirmRegistration, async ({ body }) => {
    await auth.confirmRegistration(body);
    return { message: 'Your email has been confirmed. You can now login.' };
  });

  router.add(routes.requestPasswordReset, async ({ body, request }) => {
    auth.requestPasswordReset(body, request.ip);
    return {
      message: 'If an account uses this e-mail address, we have sent it a link to reset the password.',
    };
  });

  router.add(routes.resetPassword, async ({ body, request }) => {
    await auth.resetPassword(body, request.ip);
    return { message: 'Password successfully reset.' };
  });
};
