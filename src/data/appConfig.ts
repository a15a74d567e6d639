import { readConfig, type AppConfig } from './config';

let cached: AppConfig | undefined;

/** The validated configuration of this build; throws ConfigError on the first call if it is wrong. */
export function appConfig(): AppConfig {
  cached ??= readConfig(import.meta.env, {
    emulatorPorts: __EMULATOR_PORTS__,
  });
  return cached;
}
