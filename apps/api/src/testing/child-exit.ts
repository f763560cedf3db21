import type { ChildProcess } from 'node:child_process';

/** Whether the process is gone: `exitCode` stays null when a signal ended it, `signalCode` says so. */
export const hasExited = (child: ChildProcess): boolean =>
  child.exitCode !== null || child.signalCode !== null;

/** How it ended, for a message: its exit code, or the signal that killed it. */
export const howExited = (child: ChildProcess): string =>
  String(child.exitCode ?? child.signalCode);
