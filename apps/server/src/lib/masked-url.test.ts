import { describe, expect, it } from 'vitest';
import { hostOf, maskedUrl } from './masked-url.ts';

describe('maskedUrl', () => {
  it('keeps the scheme and host (with a port), masks the path, query and credentials', () => {
    expect(maskedUrl('https://hooks.slack.com/services/T000/B000/XXXXsecret')).toBe(
      'https://hooks.slack.com/…',
    );
    expect(maskedUrl('https://acme.webhook.office.com/webhookb2/abc@def/IncomingWebhook/x/y')).toBe(
      'https://acme.webhook.office.com/…',
    );
    expect(maskedUrl('http://user:pw@10.0.0.5:8080/hook?token=secret#x')).toBe('http://10.0.0.5:8080/…');
    expect(maskedUrl('http://[::1]:9/hook')).toBe('http://[::1]:9/…');
    expect(maskedUrl('https://example.com')).toBe('https://example.com/…');
  });

  it('shows no part of something that is no URL', () => {
    expect(maskedUrl('not a url with a secret')).toBe('…');
    expect(hostOf('not a url')).toBe('');
    expect(hostOf('https://hooks.slack.com:443/services/x')).toBe('hooks.slack.com');
    expect(hostOf('http://127.0.0.1:9/hook')).toBe('127.0.0.1:9');
  });
});
