/**
 * An address that holds its secret in the path or query (a Slack or Teams incoming webhook lets anyone who
 * knows it post) as it is shown to those who may not edit it: the scheme and host, the rest masked
 * (`https://hooks.slack.com/…`). Something that is no URL shows as the mask alone.
 */
export function maskedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}/…`;
  } catch {
    return '…';
  }
}

/** The host (with its port) of an address, or '' for something that is no URL. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}
