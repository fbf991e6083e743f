import { routes } from '@hullscope/contract';
import type { ApiRegistrar } from '../../feature-context.js';
import { auditSource } from '../audit/audit-log.js';
import { webhooksService } from './webhooks.service.js';

/** Issue 41 §2: webhook endpoints, their delivery logs, test pings and resends (admins and owners). */
export const registerWebhookRoutes: ApiRegistrar = ({ router, db, config }) => {
  const webhooks = webhooksService(db, config);

  router.add(routes.listWebhooks, async ({ organisation }) => webhooks.list(organisation.id));

  router.add(routes.createWebhook, async ({ organisation, user, body, request }) =>
    webhooks.create(organisation.id, user.id, body, auditSource(request)),
  );

  router.add(routes.updateWebhook, async ({ organisation, params, body, request }) =>
    webhooks.update(organisation.id, params.webhookId, body, auditSource(request)),
  );

  router.add(routes.deleteWebhook, async ({ organisation, params, request }) => {
    await webhooks.remove(organisation.id, params.webhookId, auditSource(request));
    return { message: 'Webhook deleted.' };
  });

  router.add(routes.rotateWebhookSecret, async ({ organisation, params, request }) =>
    webhooks.rotateSecret(organisation.id, params.webhookId, auditSource(request)),
  );

  router.add(routes.testWebhook, async ({ organisation, params }) =>
    webhooks.test(organisation.id, params.webhookId),
  );

  router.add(routes.listWebhookDeliveries, async ({ organisation, params, query, reply }) => {
    const { total, deliveries } = await webhooks.deliveries(organisation.id, params.webhookId, query);
    reply.header('x-total-count', String(total));
    return deliveries;
  });

  router.add(routes.resendWebhookDelivery, async ({ organisation, params }) =>
    webhooks.resend(organisation.id, params.webhookId, params.deliveryId),
  );
};
