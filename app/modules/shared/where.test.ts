/** Where and on what, in words (issue 48 item 7, decision 0195): app/modules/shared/where.ts. */
import { describe, expect, it } from 'vitest';
import { deviceWords, isLoopback, placeWords, whereWords } from './where.ts';

const UA = {
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 15; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36',
  firefoxAndroid: 'Mozilla/5.0 (Linux; Android 15) Firefox/140.0',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
  chromeIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/140.0.0.0 Mobile/15E148 Safari/604.1',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15',
  chromeLinux:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36',
  samsung:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/27.0 Chrome/125.0.0.0 Mobile Safari/537.36',
};

describe('where and on what, in words', () => {
  it('names the browser and the system by their tokens', () => {
    expect(deviceWords(UA.chromeAndroid)).toBe('Chrome on Android');
    expect(deviceWords(UA.firefoxAndroid)).toBe('Firefox on Android');
    expect(deviceWords(UA.safariIphone)).toBe('Safari on iPhone');
    expect(deviceWords(UA.chromeIphone)).toBe('Chrome on iPhone');
    expect(deviceWords(UA.edgeWindows)).toBe('Edge on Windows');
    expect(deviceWords(UA.safariMac)).toBe('Safari on Mac');
    expect(deviceWords(UA.chromeLinux)).toBe('Chrome on Linux');
    expect(deviceWords(UA.samsung)).toBe('Samsung Internet on Android');
    expect(deviceWords('curl/8.5.0')).toBe('a program');
    expect(deviceWords('')).toBe('');
    expect(deviceWords(undefined)).toBe('');
  });

  it("calls the server's own address 'this computer', any other by itself", () => {
    for (const a of ['::1', '127.0.0.1', '::ffff:127.0.0.1', '::/56']) expect(isLoopback(a), a).toBe(true);
    for (const a of ['10.0.0.7', '203.0.113.77', '2001:db8::1', '1127.0.0.1'])
      expect(isLoopback(a), a).toBe(false);
    expect(placeWords('::1')).toBe('this computer');
    expect(placeWords('203.0.113.77')).toBe('203.0.113.77');
    expect(placeWords(null)).toBe('');
  });

  it('says both together, or the one it has', () => {
    expect(whereWords({ address: '203.0.113.77', userAgent: UA.firefoxAndroid })).toBe(
      'Firefox on Android at 203.0.113.77',
    );
    expect(whereWords({ address: '::1', userAgent: UA.edgeWindows })).toBe(
      'Edge on Windows on this computer',
    );
    expect(whereWords({ address: '10.0.0.7' })).toBe('10.0.0.7');
    expect(whereWords({ userAgent: UA.chromeAndroid })).toBe('Chrome on Android');
    expect(whereWords({})).toBe('');
  });
});
