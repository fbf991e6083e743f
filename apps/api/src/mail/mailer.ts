/** One e-mail, always with a plain-text and an HTML body. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The mail port: the file outbox (embedded default) or SMTP (SMTP_URL). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
