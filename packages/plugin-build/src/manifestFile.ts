/** Reading and writing a plugin manifest file, bare (`{ [name]: entry }`) or signed (`{ manifest, signature }`). */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'

export type ManifestEntries = Record<string, Record<string, unknown>>

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * The entries of a manifest file: a bare manifest, or the `manifest` of a signed one (`portico-plugin sign`).
 * Undefined when the file does not exist; throws, naming the file, when it is not a manifest.
 *
 * @example
 * readManifestEntries('dist/cdn/manifest.json') // { connect: { entry: 'connect/0.1.0+3f2a9c1b7d/remoteEntry.js', ... } }
 */
export function readManifestEntries(file: string): { entries: ManifestEntries; signed: boolean } | undefined {
  if (!existsSync(file)) return undefined
  let json: unknown
  try {
    json = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    throw new Error(`${file} is not JSON: ${error instanceof Error ? error.message : String(error)}`)
  }
  const signed = isRecord(json) && isRecord(json.manifest) && isRecord(json.signature)
  const entries = signed ? (json as { manifest: unknown }).manifest : json
  if (!isRecord(entries) || !Object.values(entries).every(isRecord)) throw new Error(`${file} is not a plugin manifest ({ "<plugin>": { "entry": … } }).`)
  return { entries: entries as ManifestEntries, signed }
}

/**
 * Writes a manifest file whole (a temporary file renamed over it, so a reader never sees half of one).
 *
 * @example
 * writeManifestFile('cdn/manifest.json', { hello: { entry: 'hello/0.1.0+3f2a9c1b7d/remoteEntry.js', ... } })
 */
export function writeManifestFile(file: string, manifest: unknown): void {
  mkdirSync(dirname(file), { recursive: true })
  const temporary = `${file}.${process.pid}.tmp`
  writeFileSync(temporary, JSON.stringify(manifest, null, 2) + '\n')
  renameSync(temporary, file)
}
