// Shared benchmark helpers: every figure is printed beside a baseline measured in the same run.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Nanoseconds per call of `fn` and of `baseline`, sampled alternately (A, B, A, B, ...) so that a
 * machine that speeds up or slows down during the run affects both alike.
 */
export function timePerCallPair(fn, baseline, { samples = 15, sampleMs = 40, warmupMs = 500 } = {}) {
  const warmupEnd = performance.now() + warmupMs;
  while (performance.now() < warmupEnd)
    for (let i = 0; i < 100; i++) {
      fn();
      baseline();
    }
  const calibrate = (f) => {
    let iterations = 1;
    for (;;) {
      const start = process.hrtime.bigint();
      for (let i = 0; i < iterations; i++) f();
      const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
      if (elapsed >= sampleMs / 4) return Math.max(1, Math.round((iterations * sampleMs) / elapsed));
      iterations *= 4;
    }
  };
  const sample = (f, iterations) => {
    const start = process.hrtime.bigint();
    for (let i = 0; i < iterations; i++) f();
    return Number(process.hrtime.bigint() - start) / iterations;
  };
  const [n, m] = [calibrate(fn), calibrate(baseline)];
  const a = [];
  const b = [];
  for (let s = 0; s < samples; s++) {
    a.push(sample(fn, n));
    b.push(sample(baseline, m));
  }
  return [median(a), median(b)];
}

/** Milliseconds of wall time per run of a whole command, median of `runs` (after 2 warm-ups). */
export function timeCommand(command, args, { runs = 15, input } = {}) {
  const results = [];
  for (let i = 0; i < runs + 2; i++) {
    const start = process.hrtime.bigint();
    const child = spawnSync(command, args, { input, stdio: [input === undefined ? 'ignore' : 'pipe', 'ignore', 'inherit'] });
    const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
    if (child.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${child.status}`);
    if (i >= 2) results.push(elapsed);
  }
  return median(results);
}

/**
 * Milliseconds per run of two commands, run alternately; each `[command, args]`: the median wall
 * times, then the mean CPU times (user and system, over all the runs).
 */
export function timeCommandPair([command, args], [baseCommand, baseArgs], { runs = 21 } = {}) {
  const a = [];
  const b = [];
  let cpuA = 0;
  let cpuB = 0;
  for (let i = 0; i < runs + 2; i++) {
    const x = timeOnce(command, args);
    const y = timeOnce(baseCommand, baseArgs);
    if (i >= 2) {
      a.push(x.wall);
      b.push(y.wall);
      cpuA += x.cpu;
      cpuB += y.cpu;
    }
  }
  return [median(a), median(b), cpuA / runs, cpuB / runs];
}

// Under bash (5 or later), `time` reads the child's own user and system time from the kernel
// (getrusage, printed to the millisecond) and $EPOCHREALTIME the wall time around it to the
// microsecond, without bash's own start; the command's stdout goes nowhere, its stderr where the
// bench's goes, and the figures to bash's stdout: "user system" then "start end".
const TIMED = 'TIMEFORMAT="%3U %3S"; { s=$EPOCHREALTIME; time "$@" >/dev/null 2>&3; e=$EPOCHREALTIME; echo "$s $e"; } 3>&2 2>&1';
const hasBash =
  process.platform !== 'win32' && /^\d+[.,]\d+$/.test(spawnSync('bash', ['-c', 'echo $EPOCHREALTIME'], { encoding: 'utf8' }).stdout?.trim() ?? '');
// Each figure as bash prints it (its decimal point is the locale's), in ms.
const ms = (text) => Number(text.replace(',', '.')) * 1000;

/**
 * One run of a command: its wall and CPU time in ms. Through bash's `time` where there is bash;
 * else the wall time around the spawn, and the CPU time from /proc's totals of waited-for children
 * (10 ms ticks, so a CPU figure is then only good summed over many runs).
 */
function timeOnce(command, args) {
  if (hasBash) {
    const child = spawnSync('bash', ['-c', TIMED, 'bench', command, ...args], { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
    const times = /(\d+[.,]\d+) (\d+[.,]\d+)\s+(\d+[.,]\d+) (\d+[.,]\d+)\s*$/.exec(child.stdout ?? '');
    if (child.status !== 0 || !times) throw new Error(`${command} ${args.join(' ')} exited ${child.status}`);
    return { wall: ms(times[4]) - ms(times[3]), cpu: ms(times[1]) + ms(times[2]) };
  }
  const cpuBefore = childrenCpuMs();
  const start = process.hrtime.bigint();
  const child = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  if (child.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${child.status}`);
  return { wall: Number(process.hrtime.bigint() - start) / 1e6, cpu: childrenCpuMs() - cpuBefore };
}

/**
 * The CPU time (user and system) of this process's waited-for children so far, in ms, from
 * /proc/self/stat (in clock ticks of 10 ms, so a figure is only good summed over many runs); NaN
 * where there is no /proc.
 */
function childrenCpuMs() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    // After the command name: field 3 (state) is index 0, so cutime (16) and cstime (17) are 13 and 14.
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return Number.NaN;
  }
}

/**
 * The instructions valgrind counts for one run of each command, in millions: the median of `runs`
 * interleaved runs of each. A Node process's count moves by several M from run to run, nearly all
 * of it in one function: V8 derives its string hashing from a random seed as it starts, and that
 * search for primes (`HashSeed::InitializeRoots`) takes 6-10 M. So each run is counted less that
 * function (callgrind's inclusive figure), and both sides get back the same amount, the median of
 * what it took over every run of the pair: a run then repeats within about 0.2 M, and the figures
 * stay those of a whole process. Where callgrind_annotate is missing, the runs' totals are used.
 */
export function instructionsPair([command, args], [baseCommand, baseArgs], { runs = 7 } = {}) {
  if (spawnSync('valgrind', ['--version'], { stdio: 'ignore' }).status !== 0) return undefined;
  // callgrind_annotate --version exits 255 (valgrind 3.19): whether it ran is what tells.
  const annotate = spawnSync('callgrind_annotate', ['--version'], { stdio: 'ignore' }).error === undefined;
  const out = join(tmpdir(), `logfilter-bench-${process.pid}.callgrind`);
  const count = (cmd, argv) => {
    const child = spawnSync('valgrind', ['--tool=callgrind', `--callgrind-out-file=${out}`, '--smc-check=all-non-file', cmd, ...argv], {
      stdio: ['ignore', 'ignore', 'pipe'],
      encoding: 'utf8',
    });
    const refs = /Collected\s*:\s*(\d+)/.exec(child.stderr ?? '');
    if (child.status !== 0 || !refs) throw new Error(`valgrind ${cmd} ${argv.join(' ')} exited ${child.status}\n${child.stderr}`);
    const total = Number(refs[1]) / 1e6;
    if (!annotate) return { total, seed: 0 };
    const annotated = spawnSync('callgrind_annotate', ['--inclusive=yes', '--threshold=100', out], { encoding: 'utf8', maxBuffer: 1 << 28 });
    const seed = /^\s*([\d,]+)\s.*HashSeed::InitializeRoots\(/m.exec(annotated.stdout ?? '');
    return { total, seed: seed ? Number(seed[1].replaceAll(',', '')) / 1e6 : 0 };
  };
  const a = [];
  const b = [];
  try {
    for (let i = 0; i < runs; i++) {
      a.push(count(command, args));
      b.push(count(baseCommand, baseArgs));
    }
  } finally {
    rmSync(out, { force: true });
  }
  const seed = median([...a, ...b].map((run) => run.seed));
  return [median(a.map((run) => run.total - run.seed)) + seed, median(b.map((run) => run.total - run.seed)) + seed];
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * One result row: `value` against `baseline` (same unit), with the aim as the largest acceptable
 * ratio. Suites return arrays of these; run.mjs prints them.
 */
export function row(name, value, unit, baselineName, baseline, aim) {
  return { name, value, unit, baselineName, baseline, ratio: value / baseline, aim };
}

/** One run under /usr/bin/time: wall and CPU milliseconds (user + system), and stdout. grep's "no match" (1) is not a failure. */
function timeRun(command, args) {
  const child = spawnSync('/usr/bin/time', ['-f', '%e %U %S', command, ...args], { encoding: 'utf8', maxBuffer: 1 << 24 });
  if (child.status !== 0 && !(command === 'grep' && child.status === 1)) throw new Error(`${command} ${args.join(' ').slice(0, 200)} failed: ${child.stderr}`);
  const [wall, user, system] = child.stderr.trim().split('\n').at(-1).split(' ').map(Number);
  return { wall: wall * 1000, cpu: (user + system) * 1000, stdout: child.stdout };
}

/**
 * Runs each of `commands` (name -> [command, args]) once a round, the rounds interleaving them, and
 * gives every run's wall and CPU milliseconds by name, and what each printed last.
 */
export function timeRounds(commands, rounds) {
  const times = Object.fromEntries(Object.keys(commands).map((name) => [name, { wall: [], cpu: [] }]));
  const outputs = {};
  for (let r = 0; r < rounds; r++)
    for (const [name, [command, args]] of Object.entries(commands)) {
      const { wall, cpu, stdout } = timeRun(command, args);
      times[name].wall.push(wall);
      times[name].cpu.push(cpu);
      outputs[name] = stdout;
    }
  return { times, outputs };
}
