import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server in the test process that keeps every message it receives, parsed. It can be
 * stopped and started again on the same port (a mail server that is down for a while), and a
 * test can act on a message before the server accepts it (`beforeAccept`). With `keep: false` it
 * accepts and forgets, as a relay would for the bench's thousands of receipts.
 */
export async function startSmtpSink({ keep = true }: { keep?: boolean } = {}) {
  const messages: ParsedMail[] = [];
  /** Messages accepted, kept or not. */
  let accepted = 0;
  const waiters: Array<() => void> = [];
  let port = 0;
  let server: SMTPServer | null = null;
  const sink = {
    /** Runs after a message is read and before the server answers 250 (accepted) to the client. */
    beforeAccept: null as ((mail: ParsedMail) => Promise<void>) | null,
  };

  async function listen(): Promise<void> {
    const created = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      disableReverseLookup: true,
      // Going down closes the senders' kept-open connections at once, as a crashed server would.
      closeTimeout: 50,
      logger: false,
      onData(stream, _session, callback) {
        // A relay under load (the bench): each message read to its end and accepted, unparsed.
        if (!keep) {
          stream.on('end', () => {
            accepted++;
            callback();
          });
          stream.resume();
          return;
        }
        simpleParser(stream)
          .then(async (mail) => {
            await sink.beforeAccept?.(mail);
            messages.push(mail);
            accepted++;
            waiters.splice(0).forEach((wake) => wake());
            callback();
          })
          .catch(callback);
      },
    });
    // A sender killed in the middle of a mail (the soak SIGKILLs API processes) resets its
    // connection: smtp-server reports it as an 'error', which unheard would crash the test run.
    created.on('error', () => undefined);
    await new Promise<void>((resolve) => created.listen(port, '127.0.0.1', resolve));
    port = (created.server.address() as AddressInfo).port;
    server = created;
  }
  await listen();

  const addressedTo = (mail: ParsedMail, to: string) =>
    [mail.to]
      .flat()
      .some((a) => a?.value.some((v) => v.address?.toLowerCase() === to.toLowerCase()));
  const close = () =>
    new Promise<void>((resolve) => {
      const closing = server;
      server = null;
      if (!closing) return resolve();
      closing.close(() => resolve());
    });

  return Object.assign(sink, {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    accepted: () => accepted,
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
    /** The mail server goes down: connections to its port are refused until `start`. */
    stop: close,
    /** Back up, on the same port. */
    start: listen,
    close,
  });
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
