import type { MailMessage } from './mailer.js';

const PRODUCT = 'Hullscope';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

interface LinkMail {
  to: string;
  firstName: string;
  subject: string;
  intro: string;
  action: string;
  link: string;
  validity: string;
  footer: string;
}

function linkMail(mail: LinkMail): MailMessage {
  const text = [
    `Hello ${mail.firstName},`,
    '',
    mail.intro,
    '',
    mail.link,
    '',
    mail.validity,
    mail.footer,
    '',
    `The ${PRODUCT} team`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif;color:#1a2a3a">
<p>Hello ${escapeHtml(mail.firstName)},</p>
<p>${escapeHtml(mail.intro)}</p>
<p><a href="${escapeHtml(mail.link)}" style="background:#0b5cad;color:#fff;padding:10px 16px;border-radius:4px;text-decoration:none">${escapeHtml(mail.action)}</a></p>
<p style="font-size:13px">If the button does not work, open this address: <br>${escapeHtml(mail.link)}</p>
<p style="font-size:13px">${escapeHtml(mail.validity)} ${escapeHtml(mail.footer)}</p>
<p>The ${PRODUCT} team</p>
</body></html>`;
  return { to: mail.to, subject: mail.subject, text, html };
}

export function confirmationMail(
  to: string,
  firstName: string,
  link: string,
  validHours: number,
): MailMessage {
  return linkMail({
    to,
    firstName,
    subject: `Confirm your ${PRODUCT} account`,
    intro: `Thank you for registering with ${PRODUCT}. Please confirm your e-mail address to activate your account:`,
    action: 'Confirm e-mail address',
    link,
    validity: `The link is valid for ${validHours} hours and can be used once.`,
    footer: 'If you did not register, you can ignore this e-mail.',
  });
}

export function passwordResetMail(
  to: string,
  firstName: string,
  link: string,
  validMinutes: number,
): MailMessage {
  return linkMail({
    to,
    firstName,
    subject: `Reset your ${PRODUCT} password`,
    intro: 'We received a request to reset your password. Choose a new one here:',
    action: 'Set a new password',
    link,
    validity: `The link is valid for ${validMinutes} minutes and can be used once.`,
    footer: 'If you did not ask for this, you can ignore this e-mail; your password stays as it is.',
  });
}

export function emailChangeConfirmationMail(
  to: string,
  firstName: string,
  link: string,
  validHours: number,
): MailMessage {
  return linkMail({
    to,
    firstName,
    subject: `Confirm your new ${PRODUCT} e-mail address`,
    intro: `You asked to use this address for your ${PRODUCT} account. Your account keeps its current address until you confirm this one:`,
    action: 'Confirm new e-mail address',
    link,
    validity: `The link is valid for ${validHours} hours and can be used once.`,
    footer: 'If you did not ask for this, you can ignore this e-mail; nothing changes.',
  });
}

/** Sent to the current address: its owner learns of the change before anyone can confirm it. */
export function emailChangeNoticeMail(to: string, firstName: string, newAddress: string): MailMessage {
  const lines = [
    `Someone signed in to your ${PRODUCT} account asked to change its e-mail address to ${newAddress}.`,
    'The address changes only when the link we sent to that address is opened; until then receipts and password reset links keep coming here.',
    'If this was not you, sign in and change your password: that cancels the change and signs out every other session.',
  ];
  const text = [
    `Hello ${firstName},`,
    '',
    ...lines.flatMap((line) => [line, '']),
    `The ${PRODUCT} team`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif;color:#1a2a3a">
<p>Hello ${escapeHtml(firstName)},</p>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p>The ${PRODUCT} team</p>
</body></html>`;
  return { to, subject: `Your ${PRODUCT} e-mail address is about to change`, text, html };
}

/**
 * Sent after a password change: if it was not the owner, they learn at once, and the reset link
 * in it lets them take the account back (a reset signs out every session).
 */
export function passwordChangedMail(
  to: string,
  firstName: string,
  changedAt: Date,
  resetLink: string,
): MailMessage {
  const when = `${changedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return linkMail({
    to,
    firstName,
    subject: `Your ${PRODUCT} password was changed`,
    intro: `The password of your ${PRODUCT} account was changed on ${when}, and every other session was signed out. If this was you, there is nothing to do. If it was not, reset your password now:`,
    action: 'Reset my password',
    link: resetLink,
    validity: 'This page asks for your e-mail address and sends you a reset link.',
    footer: 'Then tell your administrator or reply to this e-mail: someone else knew your password.',
  });
}

export function dataExportReadyMail(
  to: string,
  firstName: string,
  link: string,
  validHours: number,
): MailMessage {
  return linkMail({
    to,
    firstName,
    subject: `Your ${PRODUCT} export is ready`,
    intro: `The export you asked for holds everything your ${PRODUCT} account keeps: vessels, inspections, images, masks, reports and the credit ledger, as one ZIP with a README describing its files.`,
    action: 'Download the export',
    link,
    validity: `The link works for ${validHours} hours; the file is removed after that.`,
    footer: 'If you did not ask for an export, change your password: someone may have used your account.',
  });
}

export function invitationMail(
  to: string,
  invitation: { organisation: string; inviter: string; role: string; link: string; validDays: number },
): MailMessage {
  return linkMail({
    to,
    firstName: to,
    subject: `${invitation.inviter} invites you to ${invitation.organisation} on ${PRODUCT}`,
    intro: `${invitation.inviter} invites you to join ${invitation.organisation} on ${PRODUCT} as ${invitation.role}: you will see and work on its vessels and inspections. Sign in, or create an account with this address, from the link:`,
    action: `Join ${invitation.organisation}`,
    link: invitation.link,
    validity: `The link works for ${invitation.validDays} days and can be used once.`,
    footer: 'If you do not know the sender, you can ignore this e-mail.',
  });
}

/** Issue 41 §2: to each admin and owner when a webhook endpoint that kept failing was disabled. */
export function webhookDisabledMail(
  to: string,
  firstName: string,
  details: { organisation: string; url: string; days: number; link: string },
): MailMessage {
  return linkMail({
    to,
    firstName,
    subject: `A ${PRODUCT} webhook of ${details.organisation} was disabled`,
    intro: `Every delivery to the webhook endpoint ${details.url} has failed for ${details.days} days, so ${PRODUCT} stopped sending to it. Its delivery log shows what the endpoint answered; once it works again, enable it on the Webhooks page:`,
    action: 'Open the Webhooks page',
    link: details.link,
    validity: 'Events that happen while it is disabled are not sent to it.',
    footer: 'You receive this as an admin or owner of the organisation.',
  });
}
