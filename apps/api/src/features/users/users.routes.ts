import { routes } from '@hullscope/contract';
import type { Router } from '../../http/router.js';
import type { EmailChanges } from './email-change.js';
import type { UsersService } from './users.service.js';

export function registerUserRoutes(router: Router, users: UsersService, emailChanges: EmailChanges): void {
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
}
