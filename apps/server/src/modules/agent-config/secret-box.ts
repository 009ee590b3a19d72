import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** Marks a stored secret: `enc:v1:{iv}.{tag}.{ciphertext}`, base64url each (AES-256-GCM). */
const PREFIX = 'enc:v1:';

/**
 * Encrypts the agent configuration's secrets at rest (docs/agent-config.md): AES-256-GCM with a key derived
 * (SHA-256) from AGENT_CONFIG_KEY, a random 96-bit IV per value. An empty secret (not set) stays empty.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(passphrase: string) {
    this.key = createHash('sha256').update(`agent-config:${passphrase}`).digest();
  }

  seal(plain: string): string {
    if (plain === '') return '';
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url'));
    return `${PREFIX}${parts.join('.')}`;
  }

  /** Throws when the value was sealed with another key or altered. */
  open(sealed: string): string {
    if (sealed === '') return '';
    if (!sealed.startsWith(PREFIX)) throw new Error('agent config secret is not sealed');
    const [iv, tag, body] = sealed
      .slice(PREFIX.length)
      .split('.')
      .map((part) => Buffer.from(part, 'base64url'));
    if (!iv || !tag || !body) throw new Error('agent config secret is malformed');
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  }
}
