import { airCompressor } from './air-compressor.js';
import { genericPlc } from './generic-plc.js';
import { maglevBlower } from './maglev-blower.js';
import type { ModelFactory } from './model.js';

/** The physics behind each built-in device type, which name their registers by number. */
export const MODELS: Readonly<Record<string, ModelFactory>> = {
  maglev_blower: maglevBlower,
  air_compressor: airCompressor,
  generic_plc: genericPlc,
};
