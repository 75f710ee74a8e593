import { describe, expect, it } from 'vitest';
import { type MailSettings, draftOf, portOf, portPlaceholder, saveBodyOf, smtpOf } from './domain-mail-api';

const saved: MailSettings = {
  publicAddress: 'https://shop.example.com',
  effectiveAddress: 'https://shop.example.com',
  listeningAddress: 'http://localhost:3000',
  senderName: 'Juniper & Oak',
  senderAddress: 'hello@shop.example.com',
  defaultSender: '"Juniper & Oak" <no-reply@shop.example.com>',
  smtp: { host: 'smtp.example.com', port: 465, security: 'tls', user: 'mailer', passwordSet: true },
  serverSmtp: false,
  problem: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('the Domain & mail form', () => {
  it('starts from the stored settings with the password empty', () => {
    expect(draftOf(saved)).toEqual({
      publicAddress: 'https://shop.example.com',
      senderName: 'Juniper & Oak',
      senderAddress: 'hello@shop.example.com',
      connection: 'own',
      host: 'smtp.example.com',
      port: '465',
      security: 'tls',
      user: 'mailer',
      password: '',
    });
    expect(draftOf({ ...saved, publicAddress: null, smtp: null })).toMatchObject({
      publicAddress: '',
      connection: 'server',
      host: '',
      port: '',
      security: 'starttls',
    });
  });

  it.each([
    ['', null],
    [' 587 ', 587],
    ['25', 25],
    ['abc', -1],
    ['5.5', -1],
  ])(
    'reads the port %j as %j (empty: the usual one; junk: refused by the server in words)',
    (port, value) => {
      expect(portOf({ ...draftOf(saved), port })).toBe(value);
    },
  );

  it('sends the password only when typed (empty keeps the stored one), and no connection for the server’s', () => {
    const draft = draftOf(saved);
    expect(smtpOf(draft)).toEqual({ host: 'smtp.example.com', port: 465, security: 'tls', user: 'mailer' });
    expect(smtpOf({ ...draft, password: 'new secret' })).toMatchObject({ password: 'new secret' });
    expect(smtpOf({ ...draft, connection: 'server' })).toBeNull();
  });

  it('trims what is typed before saving', () => {
    const body = saveBodyOf({
      ...draftOf(saved),
      publicAddress: '  https://a.example  ',
      senderName: ' Shop ',
    });
    expect(body).toMatchObject({ publicAddress: 'https://a.example', senderName: 'Shop' });
  });

  it('suggests the usual port of each security choice', () => {
    expect(['tls', 'starttls', 'none'].map((s) => portPlaceholder(s as 'tls'))).toEqual(['465', '587', '25']);
  });
});
