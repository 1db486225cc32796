import { describe, expect, it } from 'vitest';
import { nameWords, normaliseEmail, passwordLengthProblem, registrationProblem } from './account-rules.ts';

const valid = {
  password: 'correct horse battery',
  repeatPassword: 'correct horse battery',
  country: 68,
  fullName: 'Ana García',
  acceptTerms: true,
};

describe('registration rules, in the original order', () => {
  it('accepts a valid registration', () => {
    expect(registrationProblem(valid)).toBeNull();
  });

  it('1. passwords must match, before anything else', () => {
    expect(
      registrationProblem({
        ...valid,
        repeatPassword: 'x',
        country: null,
        fullName: 'Ana',
        acceptTerms: false,
      }),
    ).toEqual({
      code: 'PASSWORDS_DO_NOT_MATCH',
      field: 'repeatPassword',
    });
  });

  it('then the password strength rule: 12 to 128 characters, and the extra server check', () => {
    expect(
      registrationProblem({ ...valid, password: 'short', repeatPassword: 'short', country: null })?.code,
    ).toBe('PASSWORD_TOO_SHORT');
    const long = 'x'.repeat(129);
    expect(registrationProblem({ ...valid, password: long, repeatPassword: long })?.code).toBe(
      'PASSWORD_TOO_LONG',
    );
    expect(
      registrationProblem({ ...valid, country: null }, () => ({
        code: 'PASSWORD_TOO_COMMON',
        field: 'password',
      }))?.code,
    ).toBe('PASSWORD_TOO_COMMON');
  });

  it('2. a country of the list must be chosen, before the name', () => {
    expect(registrationProblem({ ...valid, country: null, fullName: 'Ana' })?.code).toBe('COUNTRY_REQUIRED');
    expect(registrationProblem({ ...valid, country: 1 })?.code).toBe('COUNTRY_REQUIRED');
  });

  it('3. the full name needs two words after trimming, before the terms', () => {
    expect(registrationProblem({ ...valid, fullName: '   Ana   ', acceptTerms: false })?.code).toBe(
      'FULL_NAME_TWO_WORDS',
    );
    expect(nameWords('  Ana   María  ')).toEqual(['Ana', 'María']);
  });

  it('4. the terms (with the age of 18) must be accepted', () => {
    expect(registrationProblem({ ...valid, acceptTerms: false })).toEqual({
      code: 'TERMS_NOT_ACCEPTED',
      field: 'acceptTerms',
    });
  });

  it('counts characters, not UTF-16 units, and normalises e-mails', () => {
    expect(passwordLengthProblem('🔑'.repeat(12))).toBeNull();
    expect(normaliseEmail('  Ana@X.COM ')).toBe('ana@x.com');
  });
});
