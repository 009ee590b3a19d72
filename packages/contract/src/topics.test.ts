import { describe, expect, it } from 'vitest';
import { filterCovers, topicMatches } from './topics.ts';

// The examples of MQTT 3.1.1 / 5.0 section 4.7 (topic names and filters), then the portal's own cases.

describe('topicMatches', () => {
  it('matches a filter without wildcards only to the same topic, level by level and case-sensitively', () => {
    expect(topicMatches('a/b/c', 'a/b/c')).toBe(true);
    expect(topicMatches('a/b/c', 'a/b')).toBe(false);
    expect(topicMatches('a/b', 'a/b/c')).toBe(false);
    expect(topicMatches('ACCOUNTS', 'Accounts')).toBe(false);
    expect(topicMatches('a/b', 'a/b/')).toBe(false);
    expect(topicMatches('/a', 'a')).toBe(false);
  });

  it('takes + as exactly one level, an empty one too', () => {
    expect(topicMatches('sport/tennis/+', 'sport/tennis/player1')).toBe(true);
    expect(topicMatches('sport/tennis/+', 'sport/tennis/player2')).toBe(true);
    expect(topicMatches('sport/tennis/+', 'sport/tennis/player1/ranking')).toBe(false);
    expect(topicMatches('sport/+', 'sport')).toBe(false);
    expect(topicMatches('sport/+', 'sport/')).toBe(true);
    expect(topicMatches('+', 'sport')).toBe(true);
    expect(topicMatches('+', 'sport/tennis')).toBe(false);
    expect(topicMatches('+/+', '/finance')).toBe(true);
    expect(topicMatches('/+', '/finance')).toBe(true);
    expect(topicMatches('+', '/finance')).toBe(false);
    expect(topicMatches('a/+/c', 'a//c')).toBe(true);
    expect(topicMatches('+/tennis/#', 'sport/tennis/player1')).toBe(true);
    expect(topicMatches('+/+/+', 'a/b/c')).toBe(true);
    expect(topicMatches('+/+/+', 'a/b')).toBe(false);
  });

  it('takes # as this level and every one below, the parent included', () => {
    expect(topicMatches('sport/tennis/player1/#', 'sport/tennis/player1')).toBe(true);
    expect(topicMatches('sport/tennis/player1/#', 'sport/tennis/player1/ranking')).toBe(true);
    expect(topicMatches('sport/tennis/player1/#', 'sport/tennis/player1/score/wimbledon')).toBe(true);
    expect(topicMatches('sport/tennis/player1/#', 'sport/tennis/player2')).toBe(false);
    expect(topicMatches('sport/#', 'sport')).toBe(true);
    expect(topicMatches('sport/#', 'sports')).toBe(false);
    expect(topicMatches('#', 'sport/tennis/player1')).toBe(true);
    expect(topicMatches('#', '/')).toBe(true);
    expect(topicMatches('a/#', 'a/')).toBe(true);
  });

  it('never matches a $ topic with a filter starting with a wildcard, and matches it with a literal $ level', () => {
    expect(topicMatches('#', '$SYS/broker/uptime')).toBe(false);
    expect(topicMatches('+/monitor/Clients', '$SYS/monitor/Clients')).toBe(false);
    expect(topicMatches('+', '$SYS')).toBe(false);
    expect(topicMatches('$SYS/#', '$SYS/monitor/Clients')).toBe(true);
    expect(topicMatches('$SYS/monitor/+', '$SYS/monitor/Clients')).toBe(true);
    expect(topicMatches('$SYS/#', '$SYS')).toBe(true);
    // Only the first level counts: a `$` deeper down is an ordinary character.
    expect(topicMatches('a/+', 'a/$b')).toBe(true);
    expect(topicMatches('a/#', 'a/$b/c')).toBe(true);
  });

  it("matches the portal's own filters", () => {
    expect(
      topicMatches('gateways/+/AABBCCDDEEFF/receive/command', 'gateways/t1/AABBCCDDEEFF/receive/command'),
    ).toBe(true);
    expect(
      topicMatches('gateways/+/AABBCCDDEEFF/receive/command', 'gateways/t1/112233445566/receive/command'),
    ).toBe(false);
    expect(topicMatches('portal/t1/#', 'portal/t1/gateways')).toBe(true);
    expect(topicMatches('portal/t1/#', 'portal/t2/gateways')).toBe(false);
  });
});

describe('filterCovers', () => {
  it('matches wildcards the MQTT way', () => {
    expect(filterCovers('a/#', 'a')).toBe(true);
    expect(filterCovers('a/#', 'a/b/c')).toBe(true);
    expect(filterCovers('a/+/c', 'a/x/c')).toBe(true);
    expect(filterCovers('a/+/c', 'a/+/c')).toBe(true);
    expect(filterCovers('a/x/c', 'a/+/c')).toBe(false);
    expect(filterCovers('a/+/c', 'a/#')).toBe(false);
    expect(filterCovers('a/b', 'a/b/c')).toBe(false);
  });

  it('covers a requested filter only when every topic it can match is matched', () => {
    expect(filterCovers('#', '+/#')).toBe(true);
    expect(filterCovers('#', '#')).toBe(true);
    expect(filterCovers('a/#', 'a/+/c/#')).toBe(true);
    expect(filterCovers('a/#', 'a/#')).toBe(true);
    expect(filterCovers('+', '+')).toBe(true);
    expect(filterCovers('+', '#')).toBe(false);
    expect(filterCovers('a/+', 'a/+/b')).toBe(false);
    expect(filterCovers('a/b/#', 'a/+/#')).toBe(false);
    expect(filterCovers('$SYS/#', '+/#')).toBe(false);
  });

  it('does not give $ topics to a filter starting with a wildcard', () => {
    expect(filterCovers('#', '$SYS/#')).toBe(false);
    expect(filterCovers('+/#', '$SYS/broker')).toBe(false);
    expect(filterCovers('$SYS/#', '$SYS/broker/+')).toBe(true);
  });
});
