import { describe, expect, it } from 'vitest'
import { AnalyticsConfigResponseSchema, AnalyticsIngestResponseSchema } from '@portico/contracts/api'
import { AnalyticsConfigSchema, AnalyticsIngestSchema } from './queue.js'

describe('the plugin reads answers as the contracts define them', () => {
  it('behavior: the analytics config', () => {
    for (const value of [{ isAnalyticsEnabled: true }, { isAnalyticsEnabled: false }, { isAnalyticsEnabled: 'yes' }, {}, null, 'true'])
      expect(AnalyticsConfigSchema.safeParse(value).success, JSON.stringify(value)).toBe(AnalyticsConfigResponseSchema.safeParse(value).success)
  })

  it('behavior: the ingest answer', () => {
    for (const value of [{ status: 'stored' }, { status: 'duplicate' }, { status: 'ignored' }, { status: 'lost' }, {}, null])
      expect(AnalyticsIngestSchema.safeParse(value).success, JSON.stringify(value)).toBe(AnalyticsIngestResponseSchema.safeParse(value).success)
  })
})
