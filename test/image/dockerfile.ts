/**
 * Not part of the console: reads the Dockerfile's runtime stage (the last one) for the image test,
 * so the folder it builds is the one `docker build` would: the same `COPY --from=<stage>` lines,
 * the same ENV and CMD.
 */
import { readFileSync } from 'node:fs';

export interface StageCopy {
  fromStage: string;
  /** Absolute, in the build stage's file system. */
  source: string;
  /** As written: relative to the runtime stage's WORKDIR, or absolute. */
  destination: string;
}

export interface RuntimeStage {
  /** The WORKDIR of each stage, by stage name. */
  workdirs: Record<string, string>;
  workdir: string;
  copies: StageCopy[];
  env: Record<string, string>;
  cmd: string[];
  user: string | null;
  exposed: string[];
  volumes: string[];
  healthcheck: string | null;
}

/** The instructions, with continuation lines joined and comments dropped. */
function instructions(text: string): string[] {
  return text
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
}

/** `A=1 B="two"` pairs (the only ENV form the Dockerfile uses). */
function envPairs(rest: string): Record<string, string> {
  const pairs: Record<string, string> = {};
  for (const match of rest.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("([^"]*)"|\S*)/g))
    pairs[match[1]!] = match[3] ?? match[2]!;
  return pairs;
}

export function readRuntimeStage(dockerfile: string): RuntimeStage {
  const workdirs: Record<string, string> = {};
  let stage: RuntimeStage | null = null;
  let stageName = '';
  for (const line of instructions(readFileSync(dockerfile, 'utf8'))) {
    const [keyword = '', ...restParts] = line.split(/\s+/);
    const rest = restParts.join(' ');
    switch (keyword.toUpperCase()) {
      case 'FROM':
        stageName = /\bAS\s+(\S+)/i.exec(rest)?.[1] ?? '';
        stage = {
          workdirs,
          workdir: '/',
          copies: [],
          env: {},
          cmd: [],
          user: null,
          exposed: [],
          volumes: [],
          healthcheck: null,
        };
        break;
      case 'WORKDIR':
        workdirs[stageName] = rest;
        if (stage) stage.workdir = rest;
        break;
      case 'COPY': {
        const from = /--from=(\S+)/.exec(rest)?.[1];
        const paths = restParts.filter((part) => !part.startsWith('--'));
        if (from && stage && paths.length === 2)
          stage.copies.push({ fromStage: from, source: paths[0]!, destination: paths[1]! });
        break;
      }
      case 'ENV':
        if (stage) Object.assign(stage.env, envPairs(rest));
        break;
      case 'CMD':
        if (stage) stage.cmd = JSON.parse(rest) as string[];
        break;
      case 'USER':
        if (stage) stage.user = rest;
        break;
      case 'EXPOSE':
        stage?.exposed.push(...restParts);
        break;
      case 'VOLUME':
        stage?.volumes.push(...(JSON.parse(rest) as string[]));
        break;
      case 'HEALTHCHECK':
        if (stage) stage.healthcheck = rest;
        break;
    }
  }
  if (!stage) throw new Error(`${dockerfile} has no FROM`);
  return stage;
}
