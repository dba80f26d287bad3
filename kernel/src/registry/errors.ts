import { BaseError } from '@portico/contracts/plugin'

export class PluginIntegrityError extends BaseError {
  override name = 'PluginIntegrityError'
  constructor(plugin: string, expected: string, actual: string) {
    super(`Plugin "${plugin}" was refused: its code does not match the integrity hash in the manifest.`, {
      code: 'PLUGIN_INTEGRITY_MISMATCH',
      details: `expected ${expected}, got ${actual}`,
    })
  }
}

export class PluginContractsError extends BaseError {
  override name = 'PluginContractsError'
  constructor(plugin: string, range: string, provided: string) {
    super(`Plugin "${plugin}" was built for contracts ${range}, but this kernel provides contracts ${provided}.`, {
      code: 'PLUGIN_CONTRACTS_MISMATCH',
    })
  }
}

export class PluginRequirementError extends BaseError {
  override name = 'PluginRequirementError'
  constructor(plugin: string, required: string, reason: string) {
    super(`Plugin "${plugin}" requires "${required}", which ${reason}.`, { code: 'PLUGIN_REQUIREMENT_MISSING' })
  }
}

export class PluginLoadError extends BaseError {
  override name = 'PluginLoadError'
  constructor(plugin: string, reason: string, cause?: unknown) {
    super(`Plugin "${plugin}" could not be loaded: ${reason}`, { code: 'PLUGIN_LOAD_FAILED', cause })
  }
}

export class InvalidPluginError extends BaseError {
  override name = 'InvalidPluginError'
  constructor(reason: string) {
    super(`Invalid plugin: ${reason}`, { code: 'PLUGIN_INVALID' })
  }
}

export class ViewNotFoundError extends BaseError {
  override name = 'ViewNotFoundError'
  constructor(view: string, details?: string) {
    super(`No plugin provides the "${view}" view.`, { code: 'VIEW_NOT_FOUND', ...(details ? { details } : {}) })
  }
}

export class ManifestError extends BaseError {
  override name = 'ManifestError'
  /** `source` names the manifest (its URL) when the host lists it. */
  constructor(reason: string, cause?: unknown, source?: string) {
    super(`The plugin manifest${source ? ` ${source}` : ''} could not be used: ${reason}`, { code: 'PLUGIN_MANIFEST_INVALID', cause })
  }
}

export class PluginKernelError extends BaseError {
  override name = 'PluginKernelError'
  constructor(plugin: string, range: string, running: string) {
    super(`Plugin "${plugin}" was built for kernel ${range}, but this host runs kernel ${running}.`, {
      code: 'PLUGIN_KERNEL_MISMATCH',
    })
  }
}

