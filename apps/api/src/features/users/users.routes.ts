import { routes } from '@hullscope/contract';
import type { UserRow } from '../../db/schema.js';
import type { ApiRegistrar } from '../../feature-context.js';
import { passwordChangedMail } from '../../mail/templates.js';
import { emailChanges as emailChangeFlow } from './email-change.js';
import { usersService } from './users.service.js';

export const registerUserRoutes: ApiRegistrar = ({ router, db, jwt, storage, mailer, config, log }) => {
  const emailChanges = emailChangeFlow({ db, mailer, config, log });
  const notifyPasswordChanged = async (user: UserRow) => {
    const resetLink = `${config.appUrl}/user/request-password-reset`;
    await mailer
      .send(passwordChangedMail(user.email, user.first_name, new Date(), resetLink))
      .catch((error: unknown) =>
        log.error({ err: error, userId: user.id }, 'password change notice could not be sent'),
      );
  };
  const users = usersService(db, jwt, storage, emailChanges, notifyPasswordChanged);

  router.add(routes.getUser, ({ user }) => users.get(user.id));

  router.add(routes.updateUser, ({ user, body }) => users.update(user.id, body));

  router.add(routes.confirmEmailChange, async ({ body }) => ({
    message: `Your e-mail address is now ${await emailChanges.confirm(body)}.`,
  }));

  router.add(routes.changePassword, async ({ user, body, request }) => ({
    message: 'Changed password successfully',
    ...(await users.changePassword(user.id, body, request.ip)),
  }));

  router.add(routes.deleteUser, async ({ user, body }) => {
    await users.deleteAccount(user.id, body);
    return { message: 'Your account was successfully deleted' };
  });
};
