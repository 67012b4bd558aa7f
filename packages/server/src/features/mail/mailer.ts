import type { Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * Sends through the operator's mail server (SMTP_URL: smtp:// with STARTTLS when offered, or smtps://).
 * nodemailer is loaded by the first message, not by every server start (it costs ~60 ms of start-up).
 */
export function createSmtpMailer({ smtpUrl, from }: { smtpUrl: string; from: string }): Mailer {
  let transport: Promise<Transporter> | undefined;
  return {
    async send({ to, subject, text }) {
      transport ??= import('nodemailer').then(({ createTransport }) => createTransport(smtpUrl));
      await (await transport).sendMail({ from, to, subject, text });
    },
    close: () => void transport?.then((sender) => sender.close()),
  };
}
