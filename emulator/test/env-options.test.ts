import { describe, expect, it } from 'vitest';
import { emulatorEnvOptions } from '../env-options';
import { DEFAULT_EMULATOR_PORT } from '../index';

describe('emulatorEnvOptions', () => {
  it('defaults the port and leaves the step length to the emulator when unset or empty', () => {
    expect(emulatorEnvOptions({})).toEqual({ port: DEFAULT_EMULATOR_PORT, stepMs: undefined });
    expect(emulatorEnvOptions({ EMULATOR_PORT: '', EMULATOR_STEP_MS: '' })).toEqual({
      port: DEFAULT_EMULATOR_PORT,
      stepMs: undefined,
    });
  });

  it('reads the port and the pipe state-machine step length', () => {
    expect(emulatorEnvOptions({ EMULATOR_PORT: '4210', EMULATOR_STEP_MS: '300' })).toEqual({ port: 4210, stepMs: 300 });
  });

  it.each([
    [{ EMULATOR_PORT: '70000' }, /EMULATOR_PORT must be an integer between 0 and 65534, got "70000"/],
    [{ EMULATOR_PORT: 'abc' }, /EMULATOR_PORT/],
    [{ EMULATOR_STEP_MS: '-1' }, /EMULATOR_STEP_MS must be a non-negative number of milliseconds, got "-1"/],
    [{ EMULATOR_STEP_MS: 'fast' }, /EMULATOR_STEP_MS/],
  ])('refuses %j, naming the variable', (env, message) => {
    expect(() => emulatorEnvOptions(env)).toThrow(message);
  });
});
