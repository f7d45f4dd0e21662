import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../../server/config'

describe('loadConfig', () => {
  it('applies the defaults', () => {
    expect(loadConfig({}, '/srv/app')).toEqual({
      PORT: 8787,
      HOST: '127.0.0.1',
      DATA_DIR: path.resolve('/srv/app', 'data'),
      DATABASE_URL: undefined,
      NODE_ENV: 'development',
      PUBLIC_URL: 'http://localhost:8787',
      WEB_DIST: path.resolve('/srv/app', 'dist/web'),
      LOG_LEVEL: 'info',
      TRUST_PROXY: false,
      BRAIN_TOKEN_DELAY_MS: 18,
      LLM_BASE_URL: undefined,
      LLM_API_KEY: undefined,
      LLM_MODEL: undefined,
      LLM_VISION: true,
      STUDIO_ALLOW_PRIVATE_URLS: false,
      VAPI_API_BASE_URL: 'https://api.vapi.ai',
      TAVUS_API_BASE_URL: 'https://tavusapi.com',
      EMBED_DEMO_ORIGINS: [],
      TWILIO_API_URL: 'https://api.twilio.com',
      TELEGRAM_API_URL: 'https://api.telegram.org',
      BOT_CHECK: true,
    })
  })

  it('keeps the bot check on unless BOT_CHECK is off, never off in production, Turnstile with both keys (issue #27)', () => {
    expect(loadConfig({ BOT_CHECK: 'off' }).BOT_CHECK).toBe(false)
    expect(() =>
      loadConfig({ BOT_CHECK: 'off', NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example' }),
    ).toThrow(/BOT_CHECK/)
    expect(() => loadConfig({ TURNSTILE_SITE_KEY: 'site' })).toThrow(/TURNSTILE_SECRET_KEY: required/)
    expect(() => loadConfig({ TURNSTILE_SECRET_KEY: 'secret' })).toThrow(/TURNSTILE_SITE_KEY: required/)
    expect(loadConfig({ TURNSTILE_SITE_KEY: 'site', TURNSTILE_SECRET_KEY: 'secret' })).toMatchObject({
      TURNSTILE_SITE_KEY: 'site',
      TURNSTILE_SECRET_KEY: 'secret',
    })
  })

  it('sends attached images to the language model unless LLM_VISION is off (issue #15)', () => {
    expect(loadConfig({ LLM_VISION: 'on' }).LLM_VISION).toBe(true)
    expect(loadConfig({ LLM_VISION: 'off' }).LLM_VISION).toBe(false)
  })

  it('refuses private web page sources unless STUDIO_ALLOW_PRIVATE_URLS is true (issue #16)', () => {
    expect(loadConfig({ STUDIO_ALLOW_PRIVATE_URLS: 'true' }).STUDIO_ALLOW_PRIVATE_URLS).toBe(true)
    expect(loadConfig({ STUDIO_ALLOW_PRIVATE_URLS: 'false' }).STUDIO_ALLOW_PRIVATE_URLS).toBe(false)
    expect(() => loadConfig({ STUDIO_ALLOW_PRIVATE_URLS: 'yes' })).toThrow(/STUDIO_ALLOW_PRIVATE_URLS/)
  })

  it('reads the demo embed origins, normalised, and refuses anything that is not an origin', () => {
    expect(
      loadConfig({
        EMBED_DEMO_ORIGINS: ' http://localhost:5174, https://Host.example ,http://localhost:5174',
      }).EMBED_DEMO_ORIGINS,
    ).toEqual(['http://localhost:5174', 'https://host.example'])
    expect(() => loadConfig({ EMBED_DEMO_ORIGINS: 'https://ok.example,https://bad.example/path' })).toThrow(
      /EMBED_DEMO_ORIGINS: 'https:\/\/bad.example\/path' is not an origin/,
    )
  })

  it('reads the environment, treating empty values as unset', () => {
    const config = loadConfig(
      {
        PORT: '0',
        HOST: '0.0.0.0',
        DATA_DIR: '/var/lib/likeness',
        DATABASE_URL: '',
        NODE_ENV: 'test',
        PUBLIC_URL: 'https://likeness.example.com/',
        WEB_DIST: 'build/web',
      },
      '/srv/app',
    )
    expect(config.PORT).toBe(0)
    expect(config.HOST).toBe('0.0.0.0')
    expect(config.DATA_DIR).toBe('/var/lib/likeness')
    expect(config.DATABASE_URL).toBeUndefined()
    expect(config.PUBLIC_URL).toBe('https://likeness.example.com')
    expect(config.WEB_DIST).toBe(path.resolve('/srv/app', 'build/web'))
    expect(config.LOG_LEVEL).toBe('silent')
    expect(Object.isFrozen(config)).toBe(true)
  })

  it('keeps DATABASE_URL when set', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db/likeness' }).DATABASE_URL).toBe(
      'postgres://u:p@db/likeness',
    )
  })

  it('refuses to start in production without a mail provider (sign-in codes would go to the log), issue #27', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMTP_URL: required in production/)
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtps://mail.example:465' }).SMTP_URL).toBe(
      'smtps://mail.example:465',
    )
    expect(loadConfig({ NODE_ENV: 'development' }).SMTP_URL).toBeUndefined()
  })

  it('rejects invalid values with a readable message', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/Invalid environment: PORT/)
    expect(() => loadConfig({ NODE_ENV: 'staging' })).toThrow(/NODE_ENV/)
    expect(() => loadConfig({ LLM_VISION: 'maybe' })).toThrow(/LLM_VISION/)
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/)
  })

  it('reads TRUST_PROXY as a flag, a hop count or a list of addresses', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false)
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true)
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2)
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ])
  })

  it('needs the Stripe webhook secret with the Stripe key (payments are confirmed by webhook)', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/STRIPE_WEBHOOK_SECRET/)
    expect(
      loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }).STRIPE_SECRET_KEY,
    ).toBe('sk_test_1')
  })

  it('needs both Vapi keys or neither, and reaches Vapi at api.vapi.ai unless told', () => {
    expect(() => loadConfig({ VAPI_PUBLIC_KEY: 'pub' })).toThrow(
      /VAPI_PRIVATE_KEY: required with VAPI_PUBLIC_KEY/,
    )
    expect(() => loadConfig({ VAPI_PRIVATE_KEY: 'priv' })).toThrow(
      /VAPI_PUBLIC_KEY: required with VAPI_PRIVATE_KEY/,
    )
    const both = loadConfig({ VAPI_PUBLIC_KEY: 'pub', VAPI_PRIVATE_KEY: 'priv' })
    expect(both.VAPI_API_BASE_URL).toBe('https://api.vapi.ai')
    expect(loadConfig({ VAPI_API_BASE_URL: 'http://127.0.0.1:9/' }).VAPI_API_BASE_URL).toBe(
      'http://127.0.0.1:9',
    )
    expect(loadConfig({}).VAPI_PUBLIC_KEY).toBeUndefined()
  })

  it('reads the text providers: Twilio needs both keys and a sender, a Telegram bot its username and secret', () => {
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: 'AC1' })).toThrow(/TWILIO_AUTH_TOKEN: required/)
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't' })).toThrow(/TWILIO_SMS_FROM/)
    expect(() => loadConfig({ TWILIO_SMS_FROM: '555-0100' })).toThrow(/TWILIO_SMS_FROM: must be an E.164/)
    const twilio = loadConfig({
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_AUTH_TOKEN: 't',
      TWILIO_SMS_FROM: '+15005550006',
    })
    expect(twilio.TWILIO_API_URL).toBe('https://api.twilio.com')
    expect(() => loadConfig({ TELEGRAM_BOT_TOKEN: '1:x' })).toThrow(/TELEGRAM_BOT_USERNAME: required/)
    expect(() => loadConfig({ TELEGRAM_BOT_TOKEN: '1:x', TELEGRAM_BOT_USERNAME: '@LikenessBot' })).toThrow(
      /TELEGRAM_WEBHOOK_SECRET: required/,
    )
    const bot = loadConfig({
      TELEGRAM_BOT_TOKEN: '1:x',
      TELEGRAM_BOT_USERNAME: '@LikenessBot',
      TELEGRAM_WEBHOOK_SECRET: 'a-secret-of-16-chars',
    })
    expect(bot.TELEGRAM_BOT_USERNAME).toBe('LikenessBot')
    expect(bot.TELEGRAM_API_URL).toBe('https://api.telegram.org')
    expect(loadConfig({ DEFAULT_PHONE_COUNTRY: 'gb' }).DEFAULT_PHONE_COUNTRY).toBe('GB')
    expect(() => loadConfig({ GEOIP_URL: 'https://ipapi.co/json/' })).toThrow(/GEOIP_URL/)
    expect(loadConfig({ GEOIP_URL: 'https://ipapi.co/{ip}/json/' }).GEOIP_URL).toBe(
      'https://ipapi.co/{ip}/json/',
    )
  })
})
