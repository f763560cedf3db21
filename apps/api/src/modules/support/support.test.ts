import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SUPPORT_EMAIL: 'suporte@copaiba.test' } });
});
afterAll(() => t.close());

describe('POST /api/support/send-email/', () => {
  it('mails the support inbox over SMTP, replying to the visitor', async () => {
    const form = new FormData();
    form.append('name', 'João <b>Ribeirinho</b>');
    form.append('email', 'joao@example.com');
    form.append('message', 'Quero saber mais sobre o token do açaí.\nObrigado!');
    form.append('captcha', await t.captcha());
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/support/send-email/',
      body: form as unknown as string,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Mensagem enviada! Nossa equipe responderá no seu e-mail em breve.',
    });
    const mail = await t.smtp.waitFor('suporte@copaiba.test');
    expect(mail.replyTo?.value[0]?.address).toBe('joao@example.com');
    expect(mail.subject).toBe('Contato pelo site: João <b>Ribeirinho</b>');
    expect(mail.text).toContain('Quero saber mais sobre o token do açaí.');
    expect(mail.html).toContain('João &lt;b&gt;Ribeirinho&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Ribeirinho</b>');
  });

  it('names each missing or malformed field, and sends nothing', async () => {
    const before = t.smtp.messages.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/support/send-email/',
      payload: { name: '', email: 'nao-e-email', message: 'x'.repeat(5001) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      name: ['Este campo é obrigatório.'],
      email: ['Informe um e-mail válido.'],
      message: ['Deve ter no máximo 5000 caracteres.'],
      captcha: ['Recaptcha Inválido'],
    });
    const noCaptcha = await t.app.inject({
      method: 'POST',
      url: '/api/support/send-email/',
      payload: { name: 'A', email: 'a@example.com', message: 'Oi', captcha: 'forjado' },
    });
    expect(noCaptcha.json()).toEqual({ captcha: ['Recaptcha Inválido'] });
    expect(t.smtp.messages.length).toBe(before);
  });
});
