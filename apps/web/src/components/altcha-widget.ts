/**
 * ALTCHA's widget without what its default build carries inline (docs/PERFORMANCE.md, "The
 * captcha"): its proof-of-work worker as a file of this origin, built by Vite, instead of a string
 * turned into a blob (and our own, hashing synchronously: captcha-worker.ts), and its stylesheet
 * as CSS instead of a style element its script writes. Loaded by captcha-field.tsx only, after the
 * form's first paint.
 */
import 'altcha/external';
import 'altcha/altcha.css';

export { default as altchaWorkerUrl } from './captcha-worker.ts?worker&url';
