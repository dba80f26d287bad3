export {
  PluginManifestEntrySchema,
  PluginManifestIndexSchema,
  type PluginDefinition,
  type PluginManifest,
  type PluginManifestEntry,
  type PluginManifestIndex,
  type PluginManifestIndexEntry,
  type PluginBundle,
} from '@portico/contracts/plugin'

import { errorMessage } from '../errors/errorMessage.js'

/** A readable one-line message from anything thrown. */
export const parseErrorMessage = (error: unknown) => errorMessage(error, 'Unknown error')
