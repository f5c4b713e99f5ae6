import { loadMessageAreas } from '@cloudbox/domain';

// Tests that format messages without building an app read every area's messages too.
await loadMessageAreas();
