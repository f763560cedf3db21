import { solveChallenge } from 'altcha-lib';

interface Challenge {
  algorithm: string;
  challenge: string;
  salt: string;
  signature: string;
  maxnumber?: number;
}

/** Solves an ALTCHA challenge by brute force, as the browser widget does, and builds its payload. */
export async function solveCaptcha(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber ?? 1_000_000,
  ).promise;
  if (!solution) throw new Error('captcha challenge has no solution');
  const payload = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number: solution.number,
    salt: challenge.salt,
    signature: challenge.signature,
    took: solution.took,
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}
