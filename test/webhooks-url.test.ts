import { describe, expect, it } from 'vitest';
import { loadEnv } from '@/lib/env';
import { decryptSecret, encryptSecret, generateWebhookSecret } from '@/lib/webhooks/secret-box';
import { signatureHeader } from '@/lib/webhooks/signature';
import { checkWebhookUrl, isPrivateAddress, resolveUrlHost, urlPolicy } from '@/lib/webhooks/url-policy';
import { verifySpokeSignature } from './helpers/webhook-receiver';

// The pure parts of webhooks: which URLs and addresses are refused under which policy, the secret
// encryption and the signature format.

const production = { requireHttps: true, allowPrivate: false };
const development = { requireHttps: false, allowPrivate: true };
const strictHttp = { requireHttps: false, allowPrivate: false };

describe('checkWebhookUrl', () => {
  it('takes https URLs with public hosts in production', () => {
    for (const url of ['https://erp.example.com/hooks/spoke', 'https://93.184.215.14:8443/x?y=1', 'https://[2606:4700::1111]/x']) {
      expect(checkWebhookUrl(url, production), url).toMatchObject({ ok: true });
    }
  });

  it('refuses http in production, and anything but http(s) everywhere', () => {
    expect(checkWebhookUrl('http://erp.example.com/hook', production)).toEqual({ ok: false, problem: 'https' });
    expect(checkWebhookUrl('http://erp.example.com/hook', strictHttp)).toMatchObject({ ok: true });
    for (const url of ['ftp://example.com/', 'file:///etc/passwd', 'javascript:alert(1)', 'example.com/hook', '', 'https://', `https://example.com/${'x'.repeat(2100)}`]) {
      expect(checkWebhookUrl(url, development), url).toEqual({ ok: false, problem: 'invalid' });
    }
    expect(checkWebhookUrl('https://u:p@example.com/', development)).toEqual({ ok: false, problem: 'credentials' });
  });

  it('refuses private, loopback and link-local hosts unless private addresses are allowed', () => {
    const hosts = [
      '127.0.0.1',
      '127.8.9.10',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '[::1]',
      '[fe80::1]',
      '[fd12:3456::1]',
      '[::ffff:127.0.0.1]',
      '[::ffff:a9fe:a9fe]',
      'localhost',
      'api.localhost',
      '2130706433', // 127.0.0.1 written as a number; URL parsing normalises it
      '0x7f.1',
    ];
    for (const host of hosts) {
      expect(checkWebhookUrl(`https://${host}/hook`, production), host).toEqual({ ok: false, problem: 'private' });
      expect(checkWebhookUrl(`http://${host}/hook`, development), host).toMatchObject({ ok: true });
    }
  });

  it('takes its policy from the environment: https and public addresses in production, both relaxed in tests', () => {
    expect(urlPolicy()).toEqual({ requireHttps: false, allowPrivate: true, allowLoopback: false }); // NODE_ENV=test
    // A receiver on the laptop: sandbox loopback where the server is someone's own, not on a shared production deployment.
    expect(loadEnv({ NODE_ENV: 'production' }).webhookSandboxLocal).toBe(true);
    expect(loadEnv({ NODE_ENV: 'production', DATABASE_URL: 'postgres://u:p@db:5432/spoke' }).webhookSandboxLocal).toBe(false);
    expect(loadEnv({ NODE_ENV: 'production', DATABASE_URL: 'postgres://u:p@db:5432/spoke', WEBHOOK_SANDBOX_LOCAL: 'true' }).webhookSandboxLocal).toBe(true);
    const prod = loadEnv({ NODE_ENV: 'production' });
    expect({ production: prod.production, allowPrivate: prod.webhookAllowPrivate }).toEqual({ production: true, allowPrivate: false });
    expect(loadEnv({ NODE_ENV: 'production', WEBHOOK_ALLOW_PRIVATE: 'true' }).webhookAllowPrivate).toBe(true);
    expect(loadEnv({ NODE_ENV: 'development', WEBHOOK_ALLOW_PRIVATE: 'false' }).webhookAllowPrivate).toBe(false);
  });
});

describe('isPrivateAddress', () => {
  it('knows the non-public ranges, and the IPv4 inside IPv6 forms', () => {
    const blocked = ['10.0.0.1', '127.0.0.1', '169.254.0.1', '172.20.1.1', '192.168.0.1', '100.127.255.255', '224.0.0.1', '255.255.255.255', '198.18.0.1', '::', '::1', 'fe80::abcd', 'fc00::1', 'ff02::1', '::ffff:10.0.0.1', '::ffff:c0a8:0101', '64:ff9b::7f00:1', '2002:7f00:0001::1', '2001:db8::1'];
    const open = ['8.8.8.8', '93.184.215.14', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8', '2a00:1450:4001::200e'];
    for (const a of blocked) expect(isPrivateAddress(a), a).toBe(true);
    for (const a of open) expect(isPrivateAddress(a), a).toBe(false);
    expect(isPrivateAddress('not-an-address')).toBe(true);
  });

  it('refuses IPv4-translated IPv6 (::ffff:0:0/96) and every other special-purpose range (issue 15, point 8)', () => {
    const special = ['::ffff:0:a9fe:a9fe', '::ffff:0:7f00:1', '::ffff:0:0a00:1', '2001::1', '2001:20::1', '100::1', '192.0.0.8', '192.31.196.1', '192.52.193.1', '192.175.48.1', '0.1.2.3', '203.0.113.9', '198.51.100.1', '192.0.2.1'];
    for (const a of special) expect(isPrivateAddress(a), a).toBe(true);
    for (const raw of ['https://[::ffff:0:a9fe:a9fe]/hook', 'https://[::ffff:0:7f00:1]/hook']) {
      expect(checkWebhookUrl(raw, production), raw).toEqual({ ok: false, problem: 'private' });
    }
  });
});

describe('resolveUrlHost', () => {
  const url = new URL('https://hooks.example.com/x');
  it('refuses a name when any of its addresses is private', async () => {
    expect(await resolveUrlHost(url, production, async () => [{ address: '93.184.215.14', family: 4 }])).toMatchObject({ ok: true });
    expect(
      await resolveUrlHost(url, production, async () => [
        { address: '93.184.215.14', family: 4 },
        { address: 'fd00::2', family: 6 },
      ]),
    ).toEqual({ ok: false, problem: 'private' });
    expect(await resolveUrlHost(url, production, async () => [])).toEqual({ ok: false, problem: 'unresolvable' });
    expect(await resolveUrlHost(url, production, () => Promise.reject(new Error('ENOTFOUND')))).toEqual({ ok: false, problem: 'unresolvable' });
  });

  it('resolves nothing when private addresses are allowed', async () => {
    let asked = false;
    const lookup = async () => {
      asked = true;
      return [{ address: '10.0.0.1', family: 4 }];
    };
    expect(await resolveUrlHost(url, development, lookup)).toMatchObject({ ok: true });
    expect(asked).toBe(false);
  });
});

describe('secrets and signatures', () => {
  it('encrypts secrets with AES-GCM, bound to the endpoint and the key', () => {
    const secret = generateWebhookSecret();
    const id = '0b6c2f52-4a55-4d3c-9d7e-5a0c1f0000aa';
    const stored = encryptSecret(secret, id);
    expect(stored).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(stored).not.toContain(secret.slice(6));
    expect(encryptSecret(secret, id)).not.toBe(stored); // a fresh IV each time
    expect(decryptSecret(stored, id)).toBe(secret);
    expect(() => decryptSecret(stored, '0b6c2f52-4a55-4d3c-9d7e-5a0c1f0000ab')).toThrow();
    expect(() => decryptSecret(stored, id, 'another key of at least thirty-two characters')).toThrow();
    const [v, iv, ct, tag] = stored.split('.');
    // The second-to-last character always carries six bits of ciphertext: change it for sure.
    const flipped = `${v}.${iv}.${ct!.slice(0, -2)}${ct!.at(-2) === 'A' ? 'B' : 'A'}${ct!.slice(-1)}.${tag}`;
    expect(() => decryptSecret(flipped, id)).toThrow();
  });

  it('signs "<t>.<body>" with HMAC-SHA256; receivers reject other secrets, changed bodies and old timestamps', () => {
    const body = JSON.stringify({ id: 'e', type: 'offer.created' });
    const now = Math.floor(Date.now() / 1000);
    const header = signatureHeader(['whsec_a'], now, body);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySpokeSignature(header, body, 'whsec_a')).toBe(true);
    expect(verifySpokeSignature(header, body, 'whsec_b')).toBe(false);
    expect(verifySpokeSignature(header, body.replace('created', 'deleted'), 'whsec_a')).toBe(false);
    const old = signatureHeader(['whsec_a'], now - 301, body);
    expect(verifySpokeSignature(old, body, 'whsec_a')).toBe(false);
    const two = signatureHeader(['whsec_new', 'whsec_old'], now, body);
    expect(two.split(',')).toHaveLength(3);
    expect(verifySpokeSignature(two, body, 'whsec_old')).toBe(true);
    expect(verifySpokeSignature(two, body, 'whsec_new')).toBe(true);
  });
});
