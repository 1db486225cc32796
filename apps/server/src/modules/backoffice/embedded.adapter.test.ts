import { describe, expect, it } from 'vitest';
import { BackOfficeError } from './backoffice.port.ts';
import { createEmbeddedBackOffice } from './embedded.adapter.ts';

describe('embedded back office', () => {
  it('leaves the e-mail check to the store and creates no partner', async () => {
    const backOffice = createEmbeddedBackOffice();
    expect(backOffice.kind).toBe('embedded');
    expect(await backOffice.partnerExists('jane.doe@keyland.test')).toBe(false);
    expect(
      await backOffice.createPartner({
        name: 'Jane Doe',
        email: 'jane.doe@keyland.test',
        countryId: 64,
        customerRank: 1,
        klUserRole: 'user',
        klEmailToken: '',
        klEmailVerified: false,
      }),
    ).toBeNull();
  });
});

describe('BackOfficeError', () => {
  it('is recognisable by name and keeps the remote exception name and status', () => {
    const error = new BackOfficeError('Back office refused the request: Access Denied', {
      remoteName: 'odoo.exceptions.AccessDenied',
      status: 200,
    });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('BackOfficeError');
    expect(error.remoteName).toBe('odoo.exceptions.AccessDenied');
    expect(error.status).toBe(200);
  });
});
