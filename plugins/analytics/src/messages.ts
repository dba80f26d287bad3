/** English strings of the analytics plugin; language packs add other locales under the same keys. */
export const analyticsMessages = {
  'analytics.alert.title': 'Invalid App Configuration',
  'analytics.alert.originNotAllowed': "This site's origin is not on the project's allowlist. Add it to the project on your api service.",
} as const
