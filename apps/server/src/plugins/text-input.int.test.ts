import { beforeAll, describe, expect, it } from 'vitest';
import { backend, injectAs, sharedPortal, signIn, type TestPortal, uniqueEmail } from '../../test/harness.ts';

/** The 400 the contract's text rule answers, naming the field. */
const refusedNaming = (field: string) => ({
  code: 'VALIDATION_ERROR',
  message: `${field} contains a control character.`,
});

describe(`control characters in any text input (${backend} backend)`, () => {
  let portal: TestPortal;
  let root: string;
  const post = (url: string, payload: Record<string, unknown>) =>
    portal.app.inject({ method: 'POST', url, payload, remoteAddress: '10.9.8.7' });

  beforeAll(async () => {
    portal = await sharedPortal();
    root = await signIn(portal);
  });

  it('answers 400 naming the field on the public calls, where U+0000 gave 500', async () => {
    const login = await post('/api/login/twoFactorKey/k', { email: 'root\u0000@test.local', password: 'x' });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toMatchObject(refusedNaming('email'));

    const forgot = await post('/api/forgotPassword', { email: `${uniqueEmail()}\u0000` });
    expect(forgot.statusCode).toBe(400);
    expect(forgot.json()).toMatchObject(refusedNaming('email'));

    const signUp = await post('/api/portalUserSignup', {
      firstName: 'Sa\u0000m',
      firstNameTextLength: 4,
      lastName: 'Signer',
      lastNameTextLength: 6,
      email: uniqueEmail(),
      phoneNumber: '',
      countryShortCode: '',
    });
    expect(signUp.statusCode).toBe(400);
    expect(signUp.json()).toMatchObject(refusedNaming('firstName'));
  });

  it('answers 400 naming the field for names, search parameters and path parameters', async () => {
    const created = await injectAs(portal, root, 'POST', '/api/createScope', {
      payload: { name: 'Null\u0000Corp', customerId: 'NUL-1' },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject(refusedNaming('name'));

    const search = await injectAs(portal, root, 'GET', '/api/customers', { query: { search: 'a\u0000b' } });
    expect(search.statusCode).toBe(400);
    expect(search.json()).toMatchObject(refusedNaming('search'));

    const global = await injectAs(portal, root, 'GET', '/api/global-search', {
      query: { search: 'boil\u001fer' },
    });
    expect(global.statusCode).toBe(400);
    expect(global.json()).toMatchObject(refusedNaming('search'));

    const scope = await injectAs(portal, root, 'GET', '/api/scope/%00');
    expect(scope.statusCode).toBe(400);
    expect(scope.json()).toMatchObject(refusedNaming('id'));
  });

  it('refuses U+0001 to U+0008, U+000B, U+000C and U+000E to U+001F, and lets TAB, LF, CR and U+0020 through', async () => {
    const status = async (character: string) =>
      (await injectAs(portal, root, 'GET', '/api/customers', { query: { search: `a${character}b` } }))
        .statusCode;
    for (const refused of ['\u0001', '\u0008', '\u000b', '\u000c', '\u000e', '\u001f']) {
      expect(await status(refused), JSON.stringify(refused)).toBe(400);
    }
    for (const allowed of ['\t', '\n', '\r', ' ']) {
      expect(await status(allowed), JSON.stringify(allowed)).toBe(200);
    }
  });

  it('finds one in a nested field and in an object key', async () => {
    const nested = await injectAs(portal, root, 'PUT', '/api/updateScope', {
      payload: { id: '00000000-0000-4000-8000-000000000000', theme: { colours: ['#fff', '#000\u0000'] } },
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json()).toMatchObject(refusedNaming('theme.colours.1'));
    const key = await injectAs(portal, root, 'PUT', '/api/updateScope', { payload: { 'na\u0000me': 'x' } });
    expect(key.statusCode).toBe(400);
    expect(key.json().message).toMatch(/contains a control character\.$/);
  });
});
