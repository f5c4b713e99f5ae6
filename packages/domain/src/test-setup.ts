import { loadMessageAreas } from './messages.js';

// Tests read every area's messages (the console loads them with its signed-in screens).
await loadMessageAreas();
