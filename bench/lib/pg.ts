import { execFileSync } from 'node:child_process'

/** A fresh database on the PostgreSQL server (BENCH_DATABASE_URL or the local one), dropped by `drop`. */
export function freshPgDatabase(): { url: string; drop: () => void } | undefined {
  const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
  const name = `moc_bench_${Date.now()}`
  try {
    execFileSync('psql', [admin, '-qc', `create database ${name}`], { stdio: 'ignore' })
  } catch {
    return undefined
  }
  const url = new URL(admin)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: () => execFileSync('psql', [admin, '-qc', `drop database if exists ${name} with (force)`]),
  }
}
