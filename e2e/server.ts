// Starts the shop for the browser tests on a brand-new embedded database.
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config.js';

fs.rmSync(path.join(loadConfig().dataDir), { recursive: true, force: true });
await import('../apps/server/src/main.js');
