// What build is running. A packaging step may write build-info.json next to dist/ (or into it);
// otherwise the git checkout the server runs from tells, and 'unknown' when there is none.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { BuildVersion, type BuildInfo } from '@atrium/contract';

const BuildInfoFileSchema = z.object({
  buildId: z.string().min(1).max(200).optional(),
  commitHash: z.string().min(1).max(200).optional(),
  timestamp: z.string().min(1).max(100).optional(),
});

// this file sits in <server>/src/modules/instance or <server>/dist/modules/instance
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface BuildInfoSources {
  /** build-info.json files to try, in order */
  files: string[];
  /** where to ask git when no file exists */
  gitDir: string;
}

const defaultSources = (): BuildInfoSources => ({
  files: [path.join(serverRoot, 'dist', 'build-info.json'), path.join(serverRoot, 'build-info.json')],
  gitDir: serverRoot,
});

function readBuildInfoFile(file: string): z.infer<typeof BuildInfoFileSchema> | null {
  try {
    const parsed = BuildInfoFileSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function fromGit(cwd: string): { commitHash: string; timestamp: string } | null {
  if (!fs.existsSync(cwd)) return null;
  try {
    const out = execFileSync('git', ['log', '-1', '--format=%H%n%cI'], { cwd, timeout: 3000, stdio: ['ignore', 'pipe', 'ignore'], encoding: 'utf8' });
    const [commitHash, timestamp] = out.trim().split('\n');
    return commitHash && /^[0-9a-f]{7,64}$/.test(commitHash) ? { commitHash, timestamp: timestamp ?? new Date().toISOString() } : null;
  } catch {
    return null;
  }
}

export function loadBuildInfo(sources: BuildInfoSources = defaultSources(), now = new Date()): BuildInfo {
  for (const file of sources.files) {
    const found = readBuildInfoFile(file);
    if (found) {
      const commitHash = found.commitHash ?? 'unknown';
      return {
        version: BuildVersion,
        buildId: found.buildId ?? (commitHash === 'unknown' ? 'unknown' : commitHash.slice(0, 12)),
        commitHash,
        timestamp: found.timestamp ?? now.toISOString(),
      };
    }
  }
  const git = fromGit(sources.gitDir);
  return {
    version: BuildVersion,
    // a development checkout: the commit is the best build identity there is
    buildId: git ? `dev-${git.commitHash.slice(0, 12)}` : 'unknown',
    commitHash: git?.commitHash ?? 'unknown',
    timestamp: git?.timestamp ?? now.toISOString(),
  };
}
