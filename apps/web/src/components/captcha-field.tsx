import { Input, Loader, Group, Text } from '@mantine/core';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import classes from './captcha-field.module.css';

/** Self-hosted ALTCHA (docs/product.md §10): the widget fetches a challenge here and solves it itself. */
export const CAPTCHA_CHALLENGE_URL = '/api/captcha/challenge/';

const STRINGS = JSON.stringify({
  label: 'Não sou um robô',
  verifying: 'Verificando...',
  verified: 'Verificado',
  error: 'Falha na verificação. Tente novamente.',
  expired: 'Expirou. Tente novamente.',
  loading: 'Carregando...',
  reload: 'Recarregar',
  verify: 'Verificar',
  verificationRequired: 'Verificação necessária!',
  waitAlert: 'Verificando... aguarde.',
  ariaLinkLabel: 'Visitar Altcha.org',
});

type AltchaElement = HTMLElement & {
  reset?: (state?: string) => void;
  verify?: () => Promise<void>;
};

interface AltchaStateDetail {
  state: 'error' | 'expired' | 'verified' | 'verifying' | 'unverified' | 'code';
  payload?: string;
}

/**
 * <altcha-widget> in JSX. The altcha package declares the same element (its global
 * AltchaWidgetReact type, loaded with altcha-widget.ts); this repeats it so the element stays
 * typed here even if the package's declarations change shape.
 */
declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'altcha-widget': AltchaWidgetReact;
    }
  }
}

export interface CaptchaFieldHandle {
  /** A payload is accepted once: call after every submit that used it, to solve a new one. */
  reset: () => void;
}

interface CaptchaFieldProps {
  /** The base64 payload once verified; null while unsolved, failed or expired. */
  onChange: (payload: string | null) => void;
  error?: string | null;
  ref?: Ref<CaptchaFieldHandle>;
}

/** Resolves once the browser has painted the current frame and has a moment to spare. */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() =>
      setTimeout(() => {
        if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: 500 });
        else resolve();
      }, 0),
    );
  });
}

let altchaModule: Promise<{ altchaWorkerUrl: string }> | null = null;
/**
 * The widget's code, fetched and run only after the form has painted (docs/PERFORMANCE.md, "The
 * captcha"), and once per page load whatever the number of forms.
 */
function loadAltcha() {
  altchaModule ??= afterPaint().then(() => import('./altcha-widget'));
  return altchaModule;
}

/**
 * The ALTCHA widget as a form field, loaded on demand so the landing bundle stays small. Its proof
 * of work runs in Web Workers (the `workerurl` file), never on the page's main thread.
 */
export function CaptchaField({ onChange, error, ref }: CaptchaFieldProps) {
  const [workerUrl, setWorkerUrl] = useState<string | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const widgetRef = useRef<AltchaElement | null>(null);
  const onChangeRef = useRef(onChange);

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    let active = true;
    loadAltcha().then(
      (altcha) => active && setWorkerUrl(altcha.altchaWorkerUrl),
      () => active && setLoadFailed(true),
    );
    return () => {
      active = false;
    };
  }, []);

  useEffect(() => {
    const widget = widgetRef.current;
    if (!workerUrl || !widget) return;
    const handle = (event: Event) => {
      const detail = (event as CustomEvent<AltchaStateDetail>).detail;
      onChangeRef.current(detail.state === 'verified' && detail.payload ? detail.payload : null);
    };
    widget.addEventListener('statechange', handle);
    return () => widget.removeEventListener('statechange', handle);
  }, [workerUrl]);

  useImperativeHandle(ref, () => ({
    reset() {
      const widget = widgetRef.current;
      onChangeRef.current(null);
      if (!widget?.reset) return;
      widget.reset();
      widget.verify?.().catch(() => undefined);
    },
  }));

  return (
    <div className={classes.root} data-invalid={error ? true : undefined}>
      {workerUrl ? (
        <altcha-widget
          ref={widgetRef}
          challengeurl={CAPTCHA_CHALLENGE_URL}
          workerurl={workerUrl}
          auto="onload"
          hidefooter
          hidelogo
          strings={STRINGS}
        />
      ) : (
        <Group className={classes.placeholder} gap="sm" wrap="nowrap">
          {loadFailed ? (
            <Text size="sm" c="red.7">
              Falha na verificação. Tente novamente.
            </Text>
          ) : (
            <>
              <Loader size="xs" color="copaiba" />
              <Text size="sm" c="dimmed">
                Carregando...
              </Text>
            </>
          )}
        </Group>
      )}
      {error && (
        <Input.Error mt={6} role="alert">
          {error}
        </Input.Error>
      )}
    </div>
  );
}
