import type { ProjectConfig } from './config.js'
import type { Queryable } from './db/index.js'
import { invalidProjectId, originNotAllowed } from './errors.js'

/** A project as stored. */
export interface Project {
  id: string
  name: string
  allowedOrigins: string[]
  analyticsEnabled: boolean
}

interface ProjectRow {
  id: string
  name: string
  allowed_origins: string[]
  analytics_enabled: boolean
}

/** Browser origins are compared in their canonical form: scheme://host[:port], lowercase, no trailing slash. */
export function normalizeOrigin(origin: string): string {
  try {
    const url = new URL(origin)
    return url.origin === 'null' ? origin.trim().toLowerCase() : url.origin.toLowerCase()
  } catch {
    return origin.trim().toLowerCase().replace(/\/+$/, '')
  }
}

/**
 * Looks projects up and enforces their origin allowlists. Lookups are cached briefly (positive and negative) so the
 * hot path does not hit the database on every request, while changes made by another replica still show up soon.
 */
export class ProjectService {
  private cache = new Map<string, { project: Project | null; expires: number }>()

  constructor(
    private readonly db: Queryable,
    private readonly ttlMs = 5_000,
  ) {}

  /** Creates or replaces a project. */
  async upsert(project: ProjectConfig): Promise<void> {
    await this.db.query(
      `insert into projects (id, name, allowed_origins, analytics_enabled) values ($1, $2, $3, $4)
       on conflict (id) do update set name = excluded.name, allowed_origins = excluded.allowed_origins,
         analytics_enabled = excluded.analytics_enabled`,
      [project.id, project.name ?? project.id, project.allowedOrigins.map(normalizeOrigin), project.analyticsEnabled ?? true],
    )
    this.cache.delete(project.id)
  }

  /**
   * Creates a project only if it does not exist; returns false (and changes nothing) when it does. Seeded projects
   * belong to the operator once created: replicas starting with other settings must not rewrite them.
   */
  async seed(project: ProjectConfig): Promise<boolean> {
    const rows = await this.db.query(
      `insert into projects (id, name, allowed_origins, analytics_enabled) values ($1, $2, $3, $4)
       on conflict (id) do nothing returning id`,
      [project.id, project.name ?? project.id, project.allowedOrigins.map(normalizeOrigin), project.analyticsEnabled ?? true],
    )
    this.cache.delete(project.id)
    return rows.length > 0
  }

  /** The project with this id, or null. */
  async get(id: string): Promise<Project | null> {
    const hit = this.cache.get(id)
    if (hit && hit.expires > Date.now()) return hit.project
    const [row] = await this.db.query<ProjectRow>(
      'select id, name, allowed_origins, analytics_enabled from projects where id = $1',
      [id],
    )
    const project = row
      ? { id: row.id, name: row.name, allowedOrigins: row.allowed_origins, analyticsEnabled: row.analytics_enabled }
      : null
    // Bound the cache: ids come from the query string, so a scan of random ids must not grow it forever.
    if (this.cache.size >= 10_000) this.cache.clear()
    this.cache.set(id, { project, expires: Date.now() + this.ttlMs })
    return project
  }

  /**
   * The project for a request, or an ApiProblem: 401 for an unknown id, 403 when the request comes from a browser
   * origin the project does not allow. Requests without an Origin header (server to server) pass.
   */
  async authorize(projectId: string, origin: string | undefined): Promise<Project> {
    const project = await this.get(projectId)
    if (!project) throw invalidProjectId(projectId)
    if (origin !== undefined && origin !== '') {
      const wanted = normalizeOrigin(origin)
      const allowed = project.allowedOrigins.some((o) => o === '*' || o === wanted)
      if (!allowed) throw originNotAllowed(origin, project.id)
    }
    return project
  }
}
