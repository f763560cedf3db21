import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server in the test process that keeps every message it receives, parsed. */
export async function startSmtpSink() {
  const messages: ParsedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          waiters.splice(0).forEach((wake) => wake());
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const addressedTo = (mail: ParsedMail, to: string) =>
    [mail.to]
      .flat()
      .some((a) => a?.value.some((v) => v.address?.toLowerCase() === to.toLowerCase()));

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** Waits for the n-th message (1-based) to this address. */
    async waitFor(to: string, nth = 1, timeoutMs = 5000): Promise<ParsedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.filter((m) => addressedTo(m, to));
        if (found.length >= nth) return found[nth - 1]!;
        if (Date.now() > deadline) throw new Error(`no mail #${nth} to ${to}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    countTo: (to: string) => messages.filter((m) => addressedTo(m, to)).length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
