import { routes } from '@hullscope/contract';
import type { ApiRegistrar } from '../../feature-context.js';
import { emailChanges as emailChangeFlow } from './email-change.js';
import { usersService } from './users.service.js';

export const registerUserRoutes: ApiRegistrar = ({ router, db, jwt, storage, mailer, config, log }) => {
  const emailChanges = emailChangeFlow({ db, mailer, config, log });
  const users = usersService(db, jwt, storage, emailChanges);

  router.add(routes.getUser, ({ user }) => users.get(user.id));

  router.add(routes.updateUser, ({ user, body }) => users.update(user.id, body));

  router.add(routes.confirmEmailChange, async ({ body }) => ({
    message: `Your e-mail address is now ${await emailChanges.confirm(body)}.`,
  }));

  router.add(routes.changePassword, async ({ user, body }) => ({
    message: 'Changed password successfully',
    ...(await users.changePassword(user.id, body)),
  }));

  router.add(routes.deleteUser, async ({ user }) => {
    await users.deleteAccount(user.id);
    return { message: 'Your account was successfully deleted' };
  });
};
