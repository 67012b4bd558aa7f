/**
 * The optional e-mail when a transcription finishes (issue: notify when a long transcription is done
 * while the tab is hidden or closed). Off unless the operator set SMTP_URL and the user turned it on
 * in Settings. The outcome queues a job, so a slow or unreachable mail server holds up nothing and a
 * failed send is tried again (pg-boss keeps the job across restarts); a job finds the user's choice
 * and address when it runs, so turning it off in between is respected.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss } from 'pg-boss';
import { ensureQueue } from '../../db/boss.ts';
import type { Mailer, MailMessage } from './mailer.ts';
import type { MailRepository } from './repository.ts';

export const TRANSCRIPTION_MAIL_QUEUE = 'transcription-mail';
const RETRY_LIMIT = 5;

interface MailJob {
  userId: number;
  transcriptId: number;
}

/** The e-mail's text in the account's language (English unless German). */
export function finishedMessage(input: { to: string; language: string; title: string; link: string | undefined }): MailMessage {
  const { to, title, link } = input;
  if (input.language === 'de') {
    return {
      to,
      subject: `Transkript fertig: ${title}`,
      text: [`Die Transkription von „${title}“ ist fertig.`, ...(link ? ['', `Öffnen: ${link}`] : [])].join('\n'),
    };
  }
  return {
    to,
    subject: `Transcript ready: ${title}`,
    text: [`The transcription of “${title}” is complete.`, ...(link ? ['', `Open it: ${link}`] : [])].join('\n'),
  };
}

export function createTranscriptionMail(deps: {
  boss: PgBoss;
  repo: MailRepository;
  mailer: Mailer;
  publicUrl: string | undefined;
  log: FastifyBaseLogger;
}) {
  const { boss, repo, mailer, log } = deps;

  async function send(job: MailJob): Promise<void> {
    const found = await repo.finished(job.userId, job.transcriptId);
    if (!found || !found.wanted || found.status !== 'completed') return;
    const link = deps.publicUrl ? `${deps.publicUrl}/?transcript=${job.transcriptId}` : undefined;
    await mailer.send(finishedMessage({ to: found.email, language: found.language, title: found.title, link }));
  }

  return {
    /** Queues the e-mail for a completed transcription (a failure to queue is only logged). */
    async completed(userId: number, transcriptId: number): Promise<void> {
      try {
        await boss.send(TRANSCRIPTION_MAIL_QUEUE, { userId, transcriptId } satisfies MailJob, {
          retryLimit: RETRY_LIMIT,
          retryDelay: 30,
          retryBackoff: true,
        });
      } catch (err) {
        log.error({ err, userId, transcriptId }, 'could not queue the e-mail about a finished transcription');
      }
    },

    async prepare(): Promise<void> {
      await ensureQueue(boss, TRANSCRIPTION_MAIL_QUEUE);
    },

    /** Sends queued e-mails in this process (worker roles). */
    async startSending(pollingIntervalSeconds = 1): Promise<() => Promise<void>> {
      await ensureQueue(boss, TRANSCRIPTION_MAIL_QUEUE);
      await boss.work<MailJob>(TRANSCRIPTION_MAIL_QUEUE, { batchSize: 1, pollingIntervalSeconds }, async (jobs) => {
        for (const job of jobs) {
          try {
            await send(job.data);
          } catch (err) {
            log.warn(
              { err, transcriptId: job.data.transcriptId },
              'the e-mail about a finished transcription was not sent; it is tried again',
            );
            throw err;
          }
        }
      });
      return async () => {
        await boss.offWork(TRANSCRIPTION_MAIL_QUEUE).catch((err: unknown) => log.error({ err }, 'could not stop the e-mail workers'));
        mailer.close();
      };
    },
  };
}
