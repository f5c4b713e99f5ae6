import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { PACKAGE_ROOT } from './paths.js';

describe('loadConfig', () => {
  it('has defaults for a demo on one machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.resolve('data'),
      databaseUrl: undefined,
      redisUrl: undefined,
      demo: true,
      logLevel: 'info',
      sessionTtlHours: 168,
      trustProxy: false,
      argon2: { memoryCost: 19_456, timeCost: 2 },
      loginLimits: { perIp: { attempts: 30, windowMs: 60_000 }, perAccount: { failures: 10, windowMs: 900_000 } },
    });
    expect(config.webDist).toBe(path.resolve(PACKAGE_ROOT, '..', 'web', 'dist'));
  });

  it('allows load tests in demo mode only, unless LOAD_TEST_ALLOWED says otherwise', () => {
    expect(loadConfig({}).loadTestAllowed).toBe(true);
    expect(loadConfig({ DEMO: '0' }).loadTestAllowed).toBe(false);
    expect(loadConfig({ DEMO: '0', LOAD_TEST_ALLOWED: '1' }).loadTestAllowed).toBe(true);
    expect(loadConfig({ LOAD_TEST_ALLOWED: 'false' }).loadTestAllowed).toBe(false);
    expect(() => loadConfig({ LOAD_TEST_ALLOWED: 'sure' })).toThrow('LOAD_TEST_ALLOWED: must be 1 or 0 (got "sure")');
  });

  it('reads production settings', () => {
    const config = loadConfig({
      PORT: '9000',
      DEMO: '0',
      DATABASE_URL: 'postgres://cloudbox@db:5432/cloudbox',
      REDIS_URL: 'redis://cache:6379',
      ROOT_USERNAME: 'site_admin',
      ROOT_PASSWORD: 'Sup3r-Secret',
      MAIN_HOSTNAME: 'Console.Example.com',
      SESSION_TTL_HOURS: '12',
      LOG_LEVEL: 'WARN',
      TRUST_PROXY: '10.0.0.0/8, 192.168.1.1',
      WEB_DIST: '/srv/web',
      LOGIN_LIMIT_PER_IP: '100',
      LOGIN_LIMIT_PER_ACCOUNT: '5',
    });
    expect(config.loginLimits).toEqual({ perIp: { attempts: 100, windowMs: 60_000 }, perAccount: { failures: 5, windowMs: 900_000 } });
    expect(config).toMatchObject({
      port: 9000,
      demo: false,
      databaseUrl: 'postgres://cloudbox@db:5432/cloudbox',
      redisUrl: 'redis://cache:6379',
      rootUsername: 'site_admin',
      rootPassword: 'Sup3r-Secret',
      mainHostname: 'console.example.com',
      sessionTtlHours: 12,
      logLevel: 'warn',
      trustProxy: ['10.0.0.0/8', '192.168.1.1'],
      webDist: '/srv/web',
    });
    expect(loadConfig({ TRUST_PROXY: 'true', DEMO: 'false' })).toMatchObject({ trustProxy: true, demo: false });
  });

  it('treats empty optional values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', REDIS_URL: ' ', MAIN_HOSTNAME: '' })).toMatchObject({
      databaseUrl: undefined,
      redisUrl: undefined,
      mainHostname: undefined,
    });
  });

  it('names every bad variable, without echoing the root password', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DEMO: 'maybe',
        DATABASE_URL: 'mysql://db/x',
        LOG_LEVEL: 'loud',
        SESSION_TTL_HOURS: '0',
        MAIN_HOSTNAME: 'not a host',
        ROOT_USERNAME: 'abc',
        ROOT_PASSWORD: 'short',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect((error as ConfigError).problems).toEqual([
      'PORT: must be a whole number (got "eighty")',
      'DATABASE_URL: must be a URL starting with postgres:// or postgresql:// (got "mysql://db/x")',
      'DEMO: must be 1 or 0 (got "maybe")',
      'LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
      'ROOT_USERNAME: 6-20 digit number or character or @#%^&*_-+ required! (got "abc")',
      'ROOT_PASSWORD: Password must be a 6-20 digit number or character!',
      'MAIN_HOSTNAME: must be a host name such as console.example.com (got "not a host")',
      'SESSION_TTL_HOURS: must be at least 1 (got "0")',
    ]);
    expect(message).not.toContain('short');
  });

  it('wants a broker hook key of 16 characters or more, and never echoes it', () => {
    expect(() => loadConfig({ MQTT_HOOK_KEY: 'too-short' })).toThrow('MQTT_HOOK_KEY: must be at least 16 characters');
    expect(() => loadConfig({ MQTT_HOOK_KEY: 'too-short' })).not.toThrow(/too-short/);
    expect(loadConfig({ MQTT_HOOK_KEY: 'a-key-of-enough-length' }).mqtt.hookKey).toBe('a-key-of-enough-length');
  });

  it('wants a metrics key of 16 characters or more, and never echoes it', () => {
    expect(() => loadConfig({ METRICS_KEY: 'too-short' })).toThrow('METRICS_KEY: must be at least 16 characters');
    expect(() => loadConfig({ METRICS_KEY: 'too-short' })).not.toThrow(/too-short/);
    expect(loadConfig({ METRICS_KEY: 'a-key-of-enough-length' }).metricsKey).toBe('a-key-of-enough-length');
    expect(loadConfig({}).metricsKey).toBeUndefined();
  });

  it('reads the notification delivery settings, never echoing the SMTP password', () => {
    expect(loadConfig({}).notify).toEqual({
      smtpUrl: undefined,
      smtpFrom: 'Cloudbox <noreply@localhost>',
      publicUrl: undefined,
      lockMs: 60_000,
      sendTimeoutMs: 10_000,
      retryBaseMs: 10_000,
      concurrency: 4,
    });
    const notify = loadConfig({
      SMTP_URL: 'smtp://u:p@mail.example.com:587',
      PUBLIC_URL: 'https://console.example.com/',
      NOTIFY_LOCK_MS: '3000',
      NOTIFY_SEND_TIMEOUT_MS: '1000',
    }).notify;
    expect(notify).toMatchObject({ smtpUrl: 'smtp://u:p@mail.example.com:587', publicUrl: 'https://console.example.com', lockMs: 3000, sendTimeoutMs: 1000 });
    expect(() => loadConfig({ SMTP_URL: 'http://u:secret-pw@mail.example.com' })).toThrow('SMTP_URL: must be a URL starting with smtp:// or smtps://');
    expect(() => loadConfig({ SMTP_URL: 'http://u:secret-pw@mail.example.com' })).not.toThrow(/secret-pw/);
    expect(() => loadConfig({ NOTIFY_LOCK_MS: '5000', NOTIFY_SEND_TIMEOUT_MS: '5000' })).toThrow('NOTIFY_LOCK_MS: must be longer than NOTIFY_SEND_TIMEOUT_MS');
  });
});
