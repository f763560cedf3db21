import { users } from '@copaiba/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { image, issuerForm, send, signedIn, storedFiles } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CNPJ = '11.222.333/0001-81';

describe('Seja Emissor: POST /api/token-issuer/', () => {
  it('needs a logged-in user', async () => {
    const res = await send(t, 'POST', '/api/token-issuer/', undefined, await issuerForm(t, CNPJ));
    expect(res.statusCode).toBe(401);
  });

  it('records the issuer with images checked and re-encoded, and the intentions', async () => {
    const user = await signedIn(t);
    const before = storedFiles(t.mediaDir).length;
    const res = await send(t, 'POST', '/api/token-issuer/', user.access, await issuerForm(t, CNPJ));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toContain('Cadastro de emissor enviado');
    expect(storedFiles(t.mediaDir).length - before).toBe(5 * 3);
    const [row] = await t.db.select().from(users).where(eq(users.email, user.email));
    expect(row).toMatchObject({
      intentionTokenCreator: true,
      intentionProjectManager: true,
      isTokenCreator: false,
    });

    const again = await send(
      t,
      'POST',
      '/api/token-issuer/',
      user.access,
      await issuerForm(t, '12.ABC.345/01DE-35'),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Você já possui um cadastro de emissor.' });
  });

  it('refuses a taken CNPJ, a bad CNPJ, a missing image and a file that lies about being an image', async () => {
    const user = await signedIn(t);
    const taken = await send(
      t,
      'POST',
      '/api/token-issuer/',
      user.access,
      await issuerForm(t, CNPJ),
    );
    expect(taken.json()).toEqual({ cnpj: ['Já existe um emissor com este CNPJ.'] });

    const bad = await send(t, 'POST', '/api/token-issuer/', user.access, {
      ...(await issuerForm(t, '11.222.333/0001-82')),
    });
    expect(bad.json()).toEqual({ cnpj: ['CNPJ inválido.'] });

    const missing = await send(t, 'POST', '/api/token-issuer/', user.access, {
      ...(await issuerForm(t, '12.ABC.345/01DE-35')),
      logo_image: undefined,
    });
    expect(missing.json()).toEqual({ logo_image: ['Selecione uma imagem válida'] });

    const before = storedFiles(t.mediaDir).length;
    const liar = await send(t, 'POST', '/api/token-issuer/', user.access, {
      ...(await issuerForm(t, '12.ABC.345/01DE-35')),
      logo_image: {
        data: Buffer.from('<?php echo 1; ?>'),
        filename: 'logo.png',
        type: 'image/png',
      },
    });
    expect(liar.statusCode).toBe(400);
    expect(liar.json()).toEqual({ logo_image: ['Selecione uma imagem válida'] });
    expect(storedFiles(t.mediaDir).length).toBe(before);
  });

  it('removes the stored files when the database write fails', async () => {
    const user = await signedIn(t);
    await t.db
      .execute(sql`create or replace function fail_issuer() returns trigger language plpgsql as $$
      begin if new.institution = 'FALHA' then raise exception 'injected failure'; end if; return new; end $$`);
    await t.db.execute(
      sql`create trigger fail_issuer before insert on token_issuers for each row execute function fail_issuer()`,
    );
    const before = storedFiles(t.mediaDir).length;
    const res = await send(t, 'POST', '/api/token-issuer/', user.access, {
      ...(await issuerForm(t, '12.ABC.345/01DE-35')),
      institution: 'FALHA',
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: 'Erro interno. Tente novamente mais tarde.' });
    expect(storedFiles(t.mediaDir).length).toBe(before);
    await t.db.execute(sql`drop trigger fail_issuer on token_issuers`);
  });
});

describe('Dados de Emissor: GET and PUT /api/token-issuer/', () => {
  it('is for token creators only', async () => {
    const investor = await signedIn(t);
    const res = await send(t, 'GET', '/api/token-issuer/', investor.access);
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toContain('Apenas criadores de token');
  });

  it('shows the issuer, changes only what changed, and replaces files', async () => {
    // Made a creator below; creators use their role only with two-factor on.
    const creator = await signedIn(t, { twoFactor: true });
    expect(
      (
        await send(
          t,
          'POST',
          '/api/token-issuer/',
          creator.access,
          await issuerForm(t, '12.ABC.345/01DE-35'),
        )
      ).statusCode,
    ).toBe(201);
    await t.db.update(users).set({ isTokenCreator: true }).where(eq(users.email, creator.email));
    await t.usersWritten();

    const data = (await send(t, 'GET', '/api/token-issuer/', creator.access)).json();
    expect(data).toMatchObject({
      institution: 'Cooperativa do Rio Teste',
      cnpj: '12ABC34501DE35',
      phone: '5591999990000',
    });
    expect(data.logo_image).toMatch(/^\/media\/images\/[a-f0-9]{24}\.webp$/);

    const nothing = await send(t, 'PUT', '/api/token-issuer/', creator.access, {});
    expect(nothing.json()).toEqual({ detail: 'Nenhum campo foi alterado' });
    const same = await send(t, 'PUT', '/api/token-issuer/', creator.access, {
      summary: 'Cooperativa de extrativistas.',
    });
    expect(same.json()).toEqual({ detail: 'Nenhum campo foi alterado' });

    const oldLogo = data.logo_image.replace('/media/', '');
    const changed = await send(t, 'PUT', '/api/token-issuer/', creator.access, {
      summary: 'Novo resumo.',
      logo_image: await image('novo-logo.png'),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = (await send(t, 'GET', '/api/token-issuer/', creator.access)).json();
    expect(after.summary).toBe('Novo resumo.');
    expect(after.logo_image).not.toBe(data.logo_image);
    expect(after.institution).toBe(data.institution);
    expect(await t.storage.get(oldLogo)).toBeNull();

    const badSite = await send(t, 'PUT', '/api/token-issuer/', creator.access, {
      site: 'javascript:alert(1)',
    });
    expect(badSite.json()).toEqual({ site: ['Informe uma URL válida (https://…).'] });

    // A file where a text belongs is refused, even when its name reduces to nothing ("D/" is ""
    // to the form parser): only an empty, nameless part means "no file". Nothing changes.
    const fileAsDate = await send(t, 'PUT', '/api/token-issuer/', creator.access, {
      summary: 'Outro resumo.',
      founding_date: { data: Buffer.from('2010-05-20'), filename: 'D/', type: 'text/plain' },
    });
    expect(fileAsDate.statusCode).toBe(400);
    expect(Object.keys(fileAsDate.json())).toEqual(['founding_date']);
    expect((await send(t, 'GET', '/api/token-issuer/', creator.access)).json().summary).toBe(
      'Novo resumo.',
    );
  });
});
