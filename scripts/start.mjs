#!/usr/bin/env node
// `npm start`: builds the web app and the server bundle when their sources changed since the last
// build (see build.mjs), then runs the server in this process.
import { ensureBuilt, SERVER_BUNDLE } from './build.mjs';
import { pathToFileURL } from 'node:url';

await ensureBuilt();
await import(pathToFileURL(SERVER_BUNDLE).href);
